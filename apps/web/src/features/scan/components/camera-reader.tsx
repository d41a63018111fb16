import { readCardNumbers } from '@grandline/core/scan/card-number';
import { Camera, CameraOff, ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/misc';
import { cn } from '@/lib/cn';
import { ocrWorker, readText, stopOcr } from '@/features/scan/api/ocr';
import { GUIDE_RATIO, GUIDE_WIDTH, guideCrop } from '@/features/scan/guide';
import { initialSteady, nextReading } from '@/features/scan/steady-reading';

/** What the camera panel shows. */
type Status = 'idle' | 'starting' | 'loadingReader' | 'scanning' | 'denied' | 'noCamera' | 'insecure' | 'cameraFailed' | 'readerFailed';

/** Width of the image OCR reads (the guide's region scaled): about the size the bench measured (bench/scan.ts). */
const READ_WIDTH = 560;
/** Pause between two readings: the phone stays responsive and its battery lasts. */
const PAUSE_MS = 150;
/** How long "Read OP05-119" stays on the picture. */
const FLASH_MS = 1200;

function cameraError(err: unknown): Status {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'cameraFailed';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The camera and its reader: the rear camera's picture with the guide box; each frame's guide region is read by OCR
 * (tesseract.js in a worker), the card number found in the text, and a number read twice in a row is handed to
 * `onNumber` (steady-reading.ts: once per card in view).
 */
export function CameraReader({ onNumber }: { onNumber: (cardNumber: string) => void }) {
  const { t } = useTranslation('scan');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  /** Bumped to stop the running loop (Stop, unmount, a new start). */
  const runRef = useRef(0);
  const onNumberRef = useRef(onNumber);
  const [status, setStatus] = useState<Status>('idle');
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

  const live = status === 'starting' || status === 'loadingReader' || status === 'scanning';
  const problem = status === 'denied' || status === 'noCamera' || status === 'insecure' || status === 'cameraFailed' || status === 'readerFailed';

  return (
    <section className="flex flex-col gap-3" aria-labelledby="scan-camera-title">
      <h2 id="scan-camera-title" className="sr-only">
        {t('camera.title')}
      </h2>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-border bg-black" data-testid="scan-camera">
        <video ref={videoRef} className={cn('h-full w-full object-cover', !live && 'invisible')} muted playsInline aria-hidden data-testid="scan-video" />
        {live && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden>
            <div
              className={cn('rounded-lg border-2 shadow-[0_0_0_9999px_rgb(0_0_0/0.45)] transition-colors', flash ? 'border-accent' : 'border-white/90')}
              style={{ width: `${GUIDE_WIDTH * 100}%`, aspectRatio: `${GUIDE_RATIO}` }}
            />
          </div>
        )}
        {live && (
          <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pb-3 pt-8 text-center text-sm text-white" data-testid="scan-status">
            {status === 'scanning' ? (flash ? t('camera.read', { number: flash }) : t('camera.aim')) : status === 'starting' ? t('camera.starting') : t('camera.loadingReader')}
          </p>
        )}
        {!live && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface px-6 text-center">
            {problem ? <CameraOff className="h-10 w-10 text-muted" aria-hidden /> : <ScanLine className="h-10 w-10 text-accent" aria-hidden />}
            <p className="max-w-sm text-sm text-muted" role={problem ? 'alert' : undefined} data-testid="scan-camera-message">
              {t(`camera.${status}`)}
            </p>
            {status !== 'insecure' && (
              <Button type="button" onClick={() => void start()} data-testid="scan-start">
                <Camera className="h-4 w-4" aria-hidden />
                {problem ? t('camera.retry') : t('camera.start')}
              </Button>
            )}
          </div>
        )}
        {(status === 'starting' || status === 'loadingReader') && (
          <div className="absolute right-3 top-3 text-white">
            <Spinner className="h-5 w-5" label={status === 'starting' ? t('camera.starting') : t('camera.loadingReader')} />
          </div>
        )}
      </div>
      <div className="sr-only" aria-live="polite">
        {flash ? t('camera.read', { number: flash }) : ''}
      </div>
      {live && (
        <div className="flex justify-end">
          <Button type="button" variant="secondary" size="sm" onClick={stop} data-testid="scan-stop">
            <CameraOff className="h-4 w-4" aria-hidden />
            {t('camera.stop')}
          </Button>
        </div>
      )}
    </section>
  );
}
