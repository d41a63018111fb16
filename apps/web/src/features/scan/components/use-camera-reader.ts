import { readCardNumbers } from '@grandline/core/scan/card-number';
import { useEffect, useRef, useState } from 'react';
import { ocrWorker, readText, stopOcr } from '@/features/scan/api/ocr';
import { GUIDE_RATIO, guideCrop } from '@/features/scan/guide';
import { initialSteady, nextReading } from '@/features/scan/steady-reading';

/** What the camera panel shows. */
export type CameraStatus = 'idle' | 'starting' | 'loadingReader' | 'scanning' | 'denied' | 'noCamera' | 'insecure' | 'cameraFailed' | 'readerFailed';

/** Width of the image OCR reads (the guide's region scaled): about the size the bench measured (bench/scan.ts). */
const READ_WIDTH = 560;
/** Pause between two readings: the phone stays responsive and its battery lasts. */
const PAUSE_MS = 150;
/** How long "Read OP05-119" stays on the picture. */
const FLASH_MS = 1200;

function cameraError(err: unknown): CameraStatus {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'cameraFailed';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The camera and its reading loop: `start` opens the rear camera into `videoRef` and reads the guide region of each
 * frame by OCR (tesseract.js in a worker); a card number read twice in a row is shown in `flash` and handed to
 * `onNumber` (steady-reading.ts: once per card in view). `stop`, or unmounting, ends both.
 */
export function useCameraReader(onNumber: (cardNumber: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  /** Bumped to stop the running loop (Stop, unmount, a new start). */
  const runRef = useRef(0);
  const onNumberRef = useRef(onNumber);
  const [status, setStatus] = useState<CameraStatus>('idle');
  const [flash, setFlash] = useState<string | null>(null);

  useEffect(() => {
    onNumberRef.current = onNumber;
  }, [onNumber]);

  const stopCamera = () => {
    runRef.current++;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  };

  useEffect(
    () => () => {
      stopCamera();
      stopOcr();
    },
    [],
  );

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  /** Reads frames until the run is stopped. */
  const readLoop = async (run: number) => {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let steady = initialSteady;
    while (runRef.current === run) {
      const video = videoRef.current;
      const crop = video && guideCrop(video.videoWidth, video.videoHeight, video.clientWidth, video.clientHeight);
      if (!video || !context || !crop || document.hidden) {
        await wait(PAUSE_MS * 2);
        continue;
      }
      canvas.width = READ_WIDTH;
      canvas.height = Math.round(READ_WIDTH / GUIDE_RATIO);
      context.drawImage(video, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, canvas.width, canvas.height);
      const text = await readText(canvas);
      if (runRef.current !== run) return;
      const step = nextReading(steady, readCardNumbers(text)[0]?.cardNumber ?? null);
      steady = step.state;
      if (step.taken) {
        setFlash(step.taken);
        navigator.vibrate?.(40);
        onNumberRef.current(step.taken);
      }
      await wait(PAUSE_MS);
    }
  };

  const start = async () => {
    stopCamera();
    const run = runRef.current;
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus(window.isSecureContext ? 'noCamera' : 'insecure');
      return;
    }
    setStatus('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
    } catch (err) {
      if (runRef.current === run) setStatus(cameraError(err));
      return;
    }
    if (runRef.current !== run || !videoRef.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    streamRef.current = stream;
    videoRef.current.srcObject = stream;
    try {
      await videoRef.current.play();
    } catch {
      /* autoplay of a muted inline video is allowed; a refusal still shows frames once the user taps */
    }
    setStatus('loadingReader');
    try {
      await readLoopStarted(run);
    } catch {
      if (runRef.current === run) {
        stopCamera();
        setStatus('readerFailed');
      }
    }
  };

  /** Loads the reader (the first reading), then keeps reading in the background. */
  const readLoopStarted = async (run: number) => {
    await ocrWorker();
    if (runRef.current !== run) return;
    setStatus('scanning');
    void readLoop(run).catch(() => {
      if (runRef.current === run) {
        stopCamera();
        setStatus('readerFailed');
      }
    });
  };

  const stop = () => {
    stopCamera();
    setStatus('idle');
  };

  return { videoRef, status, flash, start, stop };
}
