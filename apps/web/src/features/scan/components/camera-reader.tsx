import { Camera, CameraOff, ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { GUIDE_RATIO, GUIDE_WIDTH } from '@/features/scan/guide';
import { useCameraReader } from '@/features/scan/components/use-camera-reader';

/**
 * The camera and its reader: the rear camera's picture with the guide box; each frame's guide region is read by OCR
 * (tesseract.js in a worker), the card number found in the text, and a number read twice in a row is handed to
 * `onNumber` (steady-reading.ts: once per card in view).
 */
export function CameraReader({ onNumber }: { onNumber: (cardNumber: string) => void }) {
  const { t } = useTranslation('scan');
  const { videoRef, status, flash, start, stop } = useCameraReader(onNumber);

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
