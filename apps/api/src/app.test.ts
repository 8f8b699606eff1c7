import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestConfig, createTestDatabase } from './test/helper';

describe('request logging', () => {
  const lines: { msg?: string; reqId?: string }[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  let close = async () => {};
  afterAll(() => close());

  it('writes one line per request, once it is answered, and no deprecation warning', async () => {
    const database = await createTestDatabase();
    const config = await createTestConfig();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const app = await buildApp(config, { database, logger: { level: 'info', stream } });
    close = async () => {
      await app.close();
      await database.close();
      await config.cleanUp();
    };
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);

    const ofRequest = lines.filter((line) => line.reqId === response.headers['x-request-id']);
    expect(ofRequest.map((line) => line.msg)).toEqual(['request completed']);
    expect(warnings.filter((message) => message.includes('disableRequestLogging'))).toEqual([]);
  });

  it('masks a PRC licence number in any log line (decision 066)', async () => {
    const database = await createTestDatabase();
    const config = await createTestConfig();
    const logged: string[] = [];
    const app = await buildApp(config, {
      database,
      logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
    });
    try {
      app.log.info({ prc_number: '0012367', registration: { prc_number: '7654321' } }, 'a registration');
      app.log.info({ body: { payment: { prc_number: '1112299' } } }, 'deeper');
    } finally {
      await app.close();
      await database.close();
      await config.cleanUp();
    }
    const text = logged.join('');
    for (const full of ['0012367', '7654321', '1112299']) expect(text).not.toContain(full);
    expect(text).toContain('•••••67');
    expect(text).toContain('•••••21');
    expect(text).toContain('•••••99');
  });
});
