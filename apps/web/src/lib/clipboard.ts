import { notify } from './toast';

/** Copies text and says so, or says it could not; `describe` shows the text in the toast (to copy it by hand). */
export async function copyWithToast(text: string, { done, failed, describe = false }: { done: string; failed: string; describe?: boolean }) {
  const options = describe ? { description: text } : undefined;
  try {
    await navigator.clipboard.writeText(text);
    notify.success(done, options);
    return true;
  } catch {
    notify.error(failed, options);
    return false;
  }
}
