import { Camera, CameraOff, ImageUp, Keyboard, ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePartnerTranslation } from '../../i18n';
import { decodeQrFromFile, loadQrDecoder } from '../../lib/qr-decoder';
import { normalizeVoucherCode } from '@farha/contracts/plain/vouchers';

type CameraState = 'starting' | 'running' | 'denied' | 'no-camera' | 'insecure' | 'error';

/** A frame is read about every this many milliseconds (enough for a held phone, light on the battery). */
const SCAN_INTERVAL_MS = 150;

interface CameraScannerProps {
  /** A voucher code was read (already taken out of the `/v/<code>` URL). */
  onCode: (code: string) => void;
  onManual: () => void;
  /** A validation is running: the camera pauses. */
  paused: boolean;
}

/** Live camera with QR reading (BarcodeDetector or jsQR), and reading from a photo as a fallback. */
export function CameraScanner({ onCode, onManual, paused }: CameraScannerProps) {
  const { t } = usePartnerTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [notVoucher, setNotVoucher] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [photoFailed, setPhotoFailed] = useState(false);
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(paused);
  useEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = paused;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let lastIgnored = '';

    async function start() {
      if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
        setState('insecure');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'no-camera' : 'error');
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setState('running');
      const { decode } = await loadQrDecoder();

      const tick = async () => {
        if (stopped) return;
        if (!pausedRef.current && video.readyState >= 2) {
          const text = await decode(video).catch(() => null);
          if (stopped) return;
          if (text) {
            const code = normalizeVoucherCode(text);
            if (code) {
              navigator.vibrate?.(80);
              setNotVoucher(false);
              onCodeRef.current(code);
            } else if (text !== lastIgnored) {
              lastIgnored = text;
              setNotVoucher(true);
            }
          }
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    }

    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  async function readPhoto(file: File | undefined) {
    if (!file) return;
    setPhotoBusy(true);
    setPhotoFailed(false);
    try {
      const text = await decodeQrFromFile(file);
      const code = text ? normalizeVoucherCode(text) : null;
      if (code) onCode(code);
      else setPhotoFailed(true);
    } catch {
      setPhotoFailed(true);
    } finally {
      setPhotoBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const cameraProblem = state === 'denied' || state === 'no-camera' || state === 'insecure' || state === 'error';

  return (
    <div className="space-y-4" data-testid="camera-scanner">
      <div className="relative mx-auto aspect-square w-full max-w-md overflow-hidden rounded-2xl bg-black">
        <video ref={videoRef} playsInline muted className="size-full object-cover" aria-label={t('scanner.camera.videoLabel')} />
        {state === 'running' && (
          <div aria-hidden className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <div className="relative size-2/3">
              {['start-0 top-0 border-s-4 border-t-4 rounded-ss-xl', 'end-0 top-0 border-e-4 border-t-4 rounded-se-xl', 'start-0 bottom-0 border-s-4 border-b-4 rounded-es-xl', 'end-0 bottom-0 border-e-4 border-b-4 rounded-ee-xl'].map((corner) => (
                <span key={corner} className={`absolute size-10 border-white ${corner}`} />
              ))}
              {!paused && <span className="absolute inset-x-3 top-1/2 h-0.5 animate-pulse bg-primary shadow-[0_0_12px_2px] shadow-primary" />}
            </div>
          </div>
        )}
        {(state === 'starting' || paused) && (
          <div className="absolute inset-0 flex items-center justify-center bg-black/60 text-white">
            <Spinner size="lg" label={paused ? t('scanner.validating') : t('scanner.camera.starting')} showLabel className="flex-col [&_span]:text-white" />
          </div>
        )}
        {cameraProblem && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
            <CameraOff aria-hidden className="size-10" />
            <p className="text-sm">{t(`scanner.camera.problem.${state}`)}</p>
          </div>
        )}
      </div>

      {state === 'running' && !paused && (
        <p className="flex items-center justify-center gap-2 text-center text-sm text-muted-foreground" role="status">
          <ScanLine aria-hidden className="size-4" />
          {t('scanner.camera.hint')}
        </p>
      )}
      {notVoucher && <Alert>{t('scanner.camera.notVoucher')}</Alert>}
      {photoFailed && <Alert variant="error">{t('scanner.camera.photoFailed')}</Alert>}

      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button variant="outline" size="lg" onClick={() => fileRef.current?.click()} loading={photoBusy} disabled={paused}>
          {cameraProblem ? <Camera aria-hidden /> : <ImageUp aria-hidden />}
          {t('scanner.camera.photo')}
        </Button>
        <Button variant="outline" size="lg" onClick={onManual} disabled={paused}>
          <Keyboard aria-hidden />
          {t('scanner.camera.toManual')}
        </Button>
      </div>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => void readPhoto(event.target.files?.[0])}
      />
    </div>
  );
}
