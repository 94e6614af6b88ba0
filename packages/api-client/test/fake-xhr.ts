// A stand-in for the browser's XMLHttpRequest (Node has none), with the subset the upload
// helper uses. It sends through the global fetch (so MSW answers it), reports upload progress
// in `steps` events over the multipart body's size, and supports abort and network errors.
// Installed on globalThis by the tests; every instance is kept for inspection.

export class FakeXhr {
  static instances: FakeXhr[] = [];
  static progressSteps = 4;

  method = '';
  url = '';
  readonly requestHeaders = new Headers();
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = new Headers();
  private readonly controller = new AbortController();
  private done = false;

  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders.set(name, value);
  }

  getAllResponseHeaders(): string {
    return [...this.responseHeaders].map(([name, value]) => `${name}: ${value}`).join('\r\n');
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.controller.abort();
    this.onabort?.();
  }

  send(body: FormData): void {
    void this.run(body);
  }

  private async run(body: FormData): Promise<void> {
    let total = 0;
    for (const [, value] of body) total += typeof value === 'string' ? value.length : value.size;
    for (let step = 1; step <= FakeXhr.progressSteps; step += 1) {
      await Promise.resolve();
      if (this.done) return;
      const loaded = Math.round((total * step) / FakeXhr.progressSteps);
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    }
    let response: Response;
    try {
      response = await fetch(this.url, { method: this.method, headers: this.requestHeaders, body, signal: this.controller.signal });
    } catch {
      if (this.done) return;
      this.done = true;
      this.onerror?.();
      return;
    }
    const text = await response.text().catch(() => '');
    if (this.done) return;
    this.done = true;
    this.status = response.status;
    this.statusText = response.statusText;
    this.responseHeaders = response.headers;
    this.responseText = text;
    this.onload?.();
  }
}
