import { ApiError, NETWORK_ERROR } from '@/lib/api';
import { ZApiError } from '@farha/contracts/errors';
import { ERRORS } from '@farha/contracts/errors';

function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* use the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a file the API builds (CSV, JSON export) under the name it gives. Fetched first, so that an
 * error answer (403, 400) is shown as a message instead of being saved as a file.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, ERRORS.LOGIN_FAILED.fr);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const parsed = ZApiError.safeParse(payload);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field, parsed.data.error.params)
      : new ApiError(response.status, 'INTERNAL', ERRORS.INTERNAL.fr);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
