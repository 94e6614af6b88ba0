import {
  ALLOWED_FILE_EXTENSIONS,
  checkFile,
  FILE_ACCEPT,
  formatNumber,
  MAX_FILE_SIZE,
} from '@terres/domain';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { FormField, joinIds, type FieldBaseProps } from '../form-field/form-field';
import './file-field.css';
import '../form-field/form-field.css';

const NBSP = '\u00a0';
const KIB = 1024;
const MIB = 1024 * 1024;

/** A size in French units: '512 o', '12,5 Ko', '4,8 Mo' (binary multiples, like the 5 Mo limit). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < KIB) return `${formatNumber(bytes, 0)}${NBSP}o`;
  if (bytes < MIB) return `${formatNumber(bytes / KIB, 1)}${NBSP}Ko`;
  return `${formatNumber(bytes / MIB, 1)}${NBSP}Mo`;
}

/** The default hint, built from the domain's rules. */
export const FILE_FIELD_HINT = `Formats acceptés : ${ALLOWED_FILE_EXTENSIONS.join(', ')}. Taille maximale : ${formatFileSize(MAX_FILE_SIZE)}.`;

export interface FileRejection {
  file: File;
  /** The domain's exact message ('Le fichier dépasse la taille maximale autorisée de 5 Mo.'). */
  message: string;
}

export interface FileFieldProps extends FieldBaseProps {
  /** Chosen files (controlled). */
  value?: readonly File[];
  defaultValue?: readonly File[];
  /** The accepted files after each choice, drop or removal. Refused files never get here. */
  onFilesChange?: (files: File[]) => void;
  /** Files refused by the domain's rules, with its message. */
  onReject?: (rejections: FileRejection[]) => void;
  /** Several files; each choice adds to the list. Without it a new choice replaces the file. */
  multiple?: boolean;
  disabled?: boolean;
  name?: string;
  /** Button text; default 'Choisir un fichier' (or 'Choisir des fichiers'). */
  buttonLabel?: string;
  /** Drag-and-drop zone (default true). */
  droppable?: boolean;
}

function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

function UploadIcon(): ReactNode {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M10 13V3m0 0L6 7m4-4l4 4M3 13v3a1 1 0 001 1h12a1 1 0 001-1v-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A labelled file input checked by the domain's file rules (5 Mo, allowed extensions or MIME
 * types): refused files show the domain's exact message and are not kept. Chosen files are
 * listed with their size in Ko/Mo and a 'Retirer' button. The native file input stays the
 * focusable control (Enter or Space opens the browser's file dialog); the zone around it
 * also takes dropped files.
 */
export function FileField({
  label,
  hint = FILE_FIELD_HINT,
  error,
  required,
  id,
  className,
  value,
  defaultValue,
  onFilesChange,
  onReject,
  multiple = false,
  disabled = false,
  name,
  buttonLabel,
  droppable = true,
}: FileFieldProps) {
  const [own, setOwn] = useState<readonly File[]>(defaultValue ?? []);
  const [rejected, setRejected] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const files = value ?? own;

  const update = (next: File[]) => {
    setOwn(next);
    onFilesChange?.(next);
  };

  const take = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const candidates = multiple ? incoming : incoming.slice(0, 1);
    const accepted: File[] = [];
    const rejections: FileRejection[] = [];
    for (const file of candidates) {
      const verdict = checkFile(file);
      if (verdict.ok) accepted.push(file);
      else rejections.push({ file, message: verdict.message });
    }
    setRejected(rejections[0]?.message ?? null);
    if (rejections.length > 0) onReject?.(rejections);
    if (accepted.length === 0) return;
    if (multiple) {
      update([...files, ...accepted.filter((file) => !files.some((kept) => sameFile(kept, file)))]);
    } else {
      update(accepted);
    }
  };

  const remove = (file: File) => {
    setRejected(null);
    update(files.filter((kept) => kept !== file));
    inputRef.current?.focus();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(Array.from(event.dataTransfer.files));
  };

  const shownError = error ?? rejected ?? undefined;
  const text = buttonLabel ?? (multiple ? 'Choisir des fichiers' : 'Choisir un fichier');

  return (
    <FormField label={label} hint={hint} error={shownError} required={required} id={id} className={className}>
      {({ labelId: _labelId, ...control }) => {
        const listId = `${control.id}-files`;
        return (
          <>
            <div
              className="terres-file-field__zone"
              data-dragging={dragging ? '' : undefined}
              data-disabled={disabled ? '' : undefined}
              data-invalid={control['aria-invalid'] ? '' : undefined}
              onClick={(event) => {
                if (event.target !== inputRef.current && !disabled) inputRef.current?.click();
              }}
              onDragOver={
                droppable
                  ? (event) => {
                      event.preventDefault();
                      if (!disabled) setDragging(true);
                    }
                  : undefined
              }
              onDragLeave={droppable ? () => setDragging(false) : undefined}
              onDrop={droppable ? onDrop : undefined}
            >
              <input
                {...control}
                ref={inputRef}
                className="terres-visually-hidden terres-file-field__input"
                type="file"
                name={name}
                accept={FILE_ACCEPT}
                multiple={multiple}
                disabled={disabled}
                aria-describedby={joinIds(control['aria-describedby'], files.length > 0 && listId)}
                onChange={(event) => {
                  take(Array.from(event.target.files ?? []));
                  // Choosing the same file again after removing it must fire a change again.
                  event.target.value = '';
                }}
              />
              <span className="terres-file-field__button" aria-hidden="true">
                <UploadIcon />
                {text}
              </span>
              {droppable ? (
                <span className="terres-file-field__drop" aria-hidden="true">
                  ou glissez-déposez {multiple ? 'vos fichiers' : 'votre fichier'} ici
                </span>
              ) : null}
            </div>
            {files.length > 0 ? (
              <ul className="terres-file-field__list" id={listId} aria-label="Fichiers choisis">
                {files.map((file) => (
                  <li className="terres-file-field__file" key={`${file.name}-${file.size}-${file.lastModified}`}>
                    <span className="terres-file-field__name">{file.name}</span>
                    <span className="terres-file-field__size">{formatFileSize(file.size)}</span>
                    <button
                      type="button"
                      className="terres-file-field__remove"
                      onClick={() => remove(file)}
                      disabled={disabled}
                      aria-label={`Retirer ${file.name}`}
                    >
                      Retirer
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        );
      }}
    </FormField>
  );
}
