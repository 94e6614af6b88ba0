import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '../constants';
import { messages } from '../messages';
import { transferMessages as m } from './messages';
import { checkLoadTicketFile } from './ticket';

describe('checkLoadTicketFile', () => {
  it('takes a phone photo or a PDF', () => {
    expect(checkLoadTicketFile({ name: 'IMG_2041.HEIC', type: 'image/heic', size: 2_000_000 })).toEqual({ ok: true });
    expect(checkLoadTicketFile({ name: 'ticket.jpg', type: 'image/jpeg', size: 300_000 })).toEqual({ ok: true });
    expect(checkLoadTicketFile({ name: 'ticket-pesee.pdf', type: 'application/pdf', size: 80_000 })).toEqual({ ok: true });
    // A camera capture may come without an extension: its type says it.
    expect(checkLoadTicketFile({ name: 'image', type: 'image/jpeg', size: 1000 })).toEqual({ ok: true });
  });

  it('refuses a listing document type that is no ticket, with the ticket’s message', () => {
    expect(checkLoadTicketFile({ name: 'releve.xlsx', type: '', size: 1000 })).toEqual({ ok: false, reason: 'unsupported-type', message: m.loadTicketFileType });
    expect(checkLoadTicketFile({ name: 'anim.gif', type: 'image/gif', size: 1000 })).toMatchObject({ ok: false, message: m.loadTicketFileType });
  });

  it('keeps the general file rules first (size, unknown type)', () => {
    expect(checkLoadTicketFile({ name: 'ticket.pdf', type: 'application/pdf', size: MAX_FILE_SIZE + 1 })).toMatchObject({ ok: false, message: messages.fileTooLarge });
    expect(checkLoadTicketFile({ name: 'ticket.exe', type: '', size: 10 })).toMatchObject({ ok: false, message: messages.fileType });
    expect(checkLoadTicketFile(null)).toMatchObject({ ok: false, reason: 'missing' });
  });
});
