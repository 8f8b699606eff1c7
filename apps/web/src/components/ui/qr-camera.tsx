import { Camera, CameraOff } from 'lucide-react';
import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';

/**
 * The QR reader, `qr-scanner` (decision 053): loaded only when a page first scans (the door's
 * check-in; the venue's voting tablet, decision 071), so no other page carries it. It decodes in a
 * Web Worker (or the browser's BarcodeDetector).
 */
const loadScanner = () => import('qr-scanner').then((module) => module.default);

/** The text of the QR code in a photo; throws when there is none. */
export async function readQrFromImage(file: File): Promise<string> {
  const Scanner = await loadScanner();
  const result = await Scanner.scanImage(file, { returnDetailedScanResult: true });
  return result.data;
}

/** The same code seen again within this time is one scan (the camera sees it many times a second). */
const SAME_CODE_MS = 3_000;

/** The back camera, scanning until stopped; each code read is handed to `onScan` once. */
export function QrCamera({ onScan }: { onScan: (token: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const last = useRef({ text: '', at: 0 });
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'failed'>('off');

  useEffect(
    () => () => {
      scanner.current?.destroy();
      scanner.current = null;
    },
    [],
  );

  const start = async () => {
    if (!video.current) return;
    setState('starting');
    try {
      const Scanner = await loadScanner();
      scanner.current ??= new Scanner(
        video.current,
        (result) => {
          const now = Date.now();
          if (result.data === last.current.text && now - last.current.at < SAME_CODE_MS) return;
          last.current = { text: result.data, at: now };
          onScanRef.current(result.data);
        },
        { preferredCamera: 'environment', returnDetailedScanResult: true, maxScansPerSecond: 5 },
      );
      await scanner.current.start();
      setState('on');
    } catch {
      setState('failed');
    }
  };
  const stop = () => {
    scanner.current?.stop();
    setState('off');
  };

  return (
    <div>
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera preview"
        className={`mb-3 aspect-square w-full rounded-xl bg-stone-900 object-cover ${state === 'on' || state === 'starting' ? '' : 'hidden'}`}
      />
      {state === 'on' ? (
        <button
          type="button"
          onClick={stop}
          className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        >
          <CameraOff aria-hidden="true" className="size-5" />
          Stop the camera
        </button>
      ) : (
        <button
          type="button"
          onClick={start}
          disabled={state === 'starting'}
          className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
        >
          <Camera aria-hidden="true" className="size-5" />
          {state === 'starting' ? 'Starting the camera…' : 'Scan with the camera'}
        </button>
      )}
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-red-800 text-sm">
          The camera could not be started. Allow camera access, or upload a photo of the ticket.
        </p>
      )}
    </div>
  );
}
