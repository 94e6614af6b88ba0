import { captureDownloads } from '@terres/app-kit/testing';
import { matchingMessages } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, owner } from '../../../test/fixtures';
import { problem } from '../../../test/problem';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { ourTexts, specTexts } from './texts';

function serveRegister(asked: URLSearchParams[], fileName = 'registre-sortant-terres-excavees_81234567000028_2026-10-01_2026-11-27.xlsx') {
  server.use(
    http.get('*/register/exports', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      });
    }),
  );
}

describe('/user/account/register', () => {
  it('lets an employee download the organisation’s outgoing register as XLSX, and says which file to import', async () => {
    const downloads = captureDownloads();
    const asked: URLSearchParams[] = [];
    serveRegister(asked);
    const app = renderApp('/user/account/register', { user: employee });
    const card = await screen.findByRole('region', { name: 'Registre national des terres excavées' });
    expect(within(screen.getByRole('navigation', { name: 'Mon Compte' })).getByRole('link', { name: 'Registre' })).toHaveAttribute('href', '/user/account/register');
    expect(within(card).getByText(/^Importez le fichier XLSX dans Trackdéchets/).textContent).toBe(matchingMessages.registerFileAdvice);
    // A transfer done outside the platform is not in the file: the company declares it itself.
    expect(within(card).getByText(matchingMessages.registerOutsidePlatform)).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Télécharger mon registre' }));
    await waitFor(() => expect(downloads.names).toEqual(['registre-sortant-terres-excavees_81234567000028_2026-10-01_2026-11-27.xlsx']));
    expect(asked[0]?.get('register')).toBe('outgoing');
    expect(asked[0]?.get('format')).toBe('xlsx');
    expect(asked[0]?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    // The organisation comes from the session: the request names no SIRET and no organisation.
    expect(asked[0]?.has('siret')).toBe(false);
    expect(await screen.findByText('Registre téléchargé.')).toBeInTheDocument();
  });

  it('gives the owner the incoming register too, and tells a refusal in French', async () => {
    const asked: URLSearchParams[] = [];
    serveRegister(asked, 'registre-entrant-terres-excavees_81234567000028_2026-10-01_2026-11-27.csv');
    const app = renderApp('/user/account/register', { user: owner });
    const card = await screen.findByRole('region', { name: 'Registre national des terres excavées' });
    await app.user.click(within(card).getByRole('combobox', { name: 'Registre' }));
    await app.user.click(await screen.findByRole('option', { name: 'Entrant (vos remblais)' }));
    await app.user.click(within(card).getByRole('combobox', { name: 'Format' }));
    await app.user.click(await screen.findByRole('option', { name: 'CSV' }));
    await app.user.click(within(card).getByRole('button', { name: 'Télécharger mon registre' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.get('register')).toBe('incoming');
    expect(asked[0]?.get('format')).toBe('csv');

    server.use(http.get('*/register/exports', () => problem(400, matchingMessages.registerTooManyLines)));
    await app.user.click(within(card).getByRole('button', { name: 'Télécharger mon registre' }));
    expect((await screen.findByText(/^La période compte plus de/)).textContent).toBe(matchingMessages.registerTooManyLines);
  });

  it('keeps its own texts apart from the spec (it has none)', () => {
    expect(specTexts).toEqual({});
    expect(ourTexts.download).toBe('Télécharger mon registre');
  });
});
