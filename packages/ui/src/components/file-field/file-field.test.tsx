import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_FILE_SIZE, messages } from '@terres/domain';
import { describe, expect, it, vi } from 'vitest';
import { FILE_FIELD_HINT, FileField, formatFileSize } from './file-field';

function fileOf(name: string, size: number, type = ''): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('formatFileSize', () => {
  it('writes sizes in French units', () => {
    expect(formatFileSize(512)).toBe('512\u00a0o');
    expect(formatFileSize(12_800)).toBe('12,5\u00a0Ko');
    expect(formatFileSize(MAX_FILE_SIZE)).toBe('5\u00a0Mo');
    expect(formatFileSize(4.8 * 1024 * 1024)).toBe('4,8\u00a0Mo');
  });
});

describe('FileField', () => {
  it('is a labelled file input described by the formats and the size limit', () => {
    render(<FileField label="Permis d'aménager" required />);
    // The label's text ends with the required marker '*' (hidden from screen readers).
    const input = screen.getByLabelText(/^Permis d'aménager/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(FILE_FIELD_HINT);
    expect(screen.getByText(/Taille maximale : 5\sMo\./)).toBeVisible();
  });

  it('lists a chosen file with its name and size, and removes it', async () => {
    const onFilesChange = vi.fn();
    render(<FileField label="Étude de sol" onFilesChange={onFilesChange} />);
    const pdf = fileOf('etude.pdf', 250 * 1024, 'application/pdf');
    await userEvent.upload(screen.getByLabelText('Étude de sol'), pdf);
    expect(onFilesChange).toHaveBeenLastCalledWith([pdf]);
    const list = screen.getByRole('list', { name: 'Fichiers choisis' });
    expect(list).toHaveTextContent('etude.pdf');
    expect(list).toHaveTextContent(/250\sKo/);
    await userEvent.click(screen.getByRole('button', { name: 'Retirer etude.pdf' }));
    expect(onFilesChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("refuses a file over 5 Mo with the domain's message", async () => {
    const onFilesChange = vi.fn();
    const onReject = vi.fn();
    render(<FileField label="Étude de sol" onFilesChange={onFilesChange} onReject={onReject} />);
    const big = fileOf('plan.pdf', MAX_FILE_SIZE + 1, 'application/pdf');
    await userEvent.upload(screen.getByLabelText('Étude de sol'), big);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.fileTooLarge);
    expect(screen.getByLabelText('Étude de sol')).toHaveAttribute('aria-invalid', 'true');
    expect(onFilesChange).not.toHaveBeenCalled();
    expect(onReject).toHaveBeenCalledWith([{ file: big, message: messages.fileTooLarge }]);
  });

  it("refuses a type outside the list with the domain's message", async () => {
    render(<FileField label="Étude de sol" />);
    // applyAccept: false lets the test pick what a user could drop or force through the dialog.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Étude de sol'), fileOf('script.exe', 10, 'application/x-msdownload'));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.fileType);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('adds files in multiple mode, keeping the valid ones of a mixed choice', async () => {
    const onFilesChange = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<FileField label="Documents" multiple onFilesChange={onFilesChange} />);
    const input = screen.getByLabelText('Documents');
    const photo = fileOf('photo.heic', 2 * 1024 * 1024, 'image/heic');
    const sheet = fileOf('metres.xlsx', 2048);
    await user.upload(input, [photo, fileOf('virus.bat', 1)]);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.fileType);
    await user.upload(input, sheet);
    expect(onFilesChange).toHaveBeenLastCalledWith([photo, sheet]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('list')).toHaveTextContent(/2\sMo/);
  });

  it('takes a dropped file', () => {
    const onFilesChange = vi.fn();
    render(<FileField label="Étude de sol" onFilesChange={onFilesChange} />);
    const zone = screen.getByText('ou glissez-déposez votre fichier ici').parentElement as HTMLElement;
    const png = fileOf('plan.png', 1000, 'image/png');
    fireEvent.drop(zone, { dataTransfer: { files: [png] } });
    expect(onFilesChange).toHaveBeenCalledWith([png]);
  });

  it("shows the form's error and is inert when disabled", () => {
    render(<FileField label="Étude de sol" disabled error={messages.soilStudyRequired} />);
    expect(screen.getByLabelText('Étude de sol')).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.soilStudyRequired);
  });
});
