import { request } from 'node:http';

/**
 * GET /api/health on a listening server from `localAddress` (127.0.0.0/8 is all loopback): another
 * client of the same server, as the connection limits count them. Its status, or an error after 2 s.
 */
export function healthFrom(port: number, localAddress: string) {
  return new Promise<number>((resolve, reject) => {
    const call = request(
      { host: '127.0.0.1', port, path: '/api/health', localAddress, timeout: 2_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    call.on('timeout', () => call.destroy(new Error('health check timed out')));
    call.on('error', reject);
    call.end();
  });
}
