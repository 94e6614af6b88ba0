// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './files';

describe('saveFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary download link named after the file, then releases it', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/abc');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });

    saveFile(blob, 'étude de sol été.pdf');

    expect(created).toHaveBeenCalledWith(blob);
    expect(clicks).toEqual([{ href: 'blob:http://localhost/abc', download: 'étude de sol été.pdf', attached: true }]);
    expect(document.querySelectorAll('a').length).toBe(0);
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:http://localhost/abc'));
  });
});
