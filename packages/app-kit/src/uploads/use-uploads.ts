// Files on their way up, each with its progress, 'Annuler', then 'Réessayer' or 'Retirer' after
// a failure: the state both apps' document screens keep (the console's Documents tab, the
// portal wizard's document fields). What an upload does and what follows a success stay the
// caller's (its mutation hook owns the cache).
import type { UploadProgressProps } from '@terres/ui/upload-progress';
import { useRef, useState } from 'react';

export interface Upload<TExtra = unknown> {
  key: string;
  file: File;
  /** What the caller attached to this file when it started (e.g. the document kind). */
  extra: TExtra;
  /** Bytes sent, when the browser reports it. */
  loaded: number | undefined;
  status: 'uploading' | 'error' | 'cancelled';
  error?: string | undefined;
  controller: AbortController;
}

export interface UploadsOptions<TExtra, TResult> {
  /** Sends one file; reports progress as a fraction and stops on `signal`. */
  upload: (file: File, extra: TExtra, progress: { onProgress: (fraction: number) => void; signal: AbortSignal }) => Promise<TResult>;
  /** After a success, once the file has left the list of uploads. */
  onUploaded?: (result: TResult, file: File, extra: TExtra) => unknown;
  /** The message a failed file shows (usually the server's reason, else the app's sentence). */
  failureMessage: (error: unknown) => string;
}

let uploadCounter = 0;

export function useUploads<TExtra, TResult>({ upload, onUploaded, failureMessage }: UploadsOptions<TExtra, TResult>) {
  const [uploads, setUploads] = useState<Upload<TExtra>[]>([]);
  // The latest callbacks, so an upload started before a re-render finishes with today's.
  const latest = useRef({ upload, onUploaded, failureMessage });
  latest.current = { upload, onUploaded, failureMessage };

  const change = (key: string, patch: Partial<Upload<TExtra>>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const forget = (key: string) => setUploads((current) => current.filter((item) => item.key !== key));

  const send = async ({ key, file, extra, controller }: Pick<Upload<TExtra>, 'key' | 'file' | 'extra' | 'controller'>) => {
    try {
      const result = await latest.current.upload(file, extra, {
        onProgress: (fraction) => change(key, { loaded: Math.round(fraction * file.size) }),
        signal: controller.signal,
      });
      forget(key);
      await latest.current.onUploaded?.(result, file, extra);
    } catch (error) {
      if (controller.signal.aborted) change(key, { status: 'cancelled' });
      // The file stays listed with the reason and 'Réessayer': nothing to choose again.
      else change(key, { status: 'error', error: latest.current.failureMessage(error) });
    }
  };

  const start = (file: File, extra: TExtra) => {
    uploadCounter += 1;
    const item: Upload<TExtra> = {
      key: `upload-${uploadCounter}`,
      file,
      extra,
      loaded: undefined,
      status: 'uploading',
      controller: new AbortController(),
    };
    setUploads((current) => [...current, item]);
    void send(item);
  };

  const retry = (item: Upload<TExtra>) => {
    const controller = new AbortController();
    change(item.key, { status: 'uploading', loaded: undefined, error: undefined, controller });
    void send({ ...item, controller });
  };

  /** The props of `@terres/ui`'s UploadProgress for one file. */
  const progressProps = (item: Upload<TExtra>): UploadProgressProps => ({
    fileName: item.file.name,
    total: item.file.size,
    status: item.status,
    ...(item.loaded === undefined ? {} : { loaded: item.loaded }),
    ...(item.error ? { error: item.error } : {}),
    onCancel: () => item.controller.abort(),
    onRetry: () => retry(item),
    onDismiss: () => forget(item.key),
  });

  return { uploads, start, retry, forget, progressProps };
}
