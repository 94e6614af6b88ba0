// The contract's references on the transfer page (issue 19): what the contract lacks, both sides,
// the viewer's own facts linked to its form, the other party's named without a link; the form
// saves only the changed facts of the viewer's own listing.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee } from '../../../test/fixtures';
import { makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { makeTransfer, serveTransfer, TRANSFER_ID } from './test-utils';

describe('/user/transfers/{id}: the contract’s references', () => {
  it('lists what the contract lacks and saves the viewer’s own facts', async () => {
    const transfer = makeTransfer({
      missingContractFacts: [
        { side: 'CUT', field: 'analysis_references', label: 'Références des analyses de sol' },
        { side: 'FILL', field: 'permit_date', label: 'Date de l’autorisation d’urbanisme' },
      ],
    });
    serveTransfer(transfer);
    const own = makeInquiry({ id: transfer.cut.inquiryId, status: 'PRE_CONTRACT_SIGNED', soilPreparer: 'Terrassements du Ried SAS', analysisReferences: null });
    const bodies: unknown[] = [];
    server.use(
      http.get('*/inquiries/:id', () => HttpResponse.json(own)),
      http.put('*/inquiries/:id/contract-facts', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return HttpResponse.json({ ...own, analysisReferences: body.analysis_references, updatedAt: '2026-11-27T11:00:00.000Z' });
      }),
    );
    const app = renderApp(`/user/transfers/${TRANSFER_ID}`, { user: employee });
    const section = await screen.findByRole('region', { name: 'Références du contrat de cession' });
    expect(within(section).getByRole('link', { name: 'Références des analyses de sol' })).toHaveAttribute('href', '#contract-facts-cut');
    const other = within(section).getByText(/Date de l’autorisation d’urbanisme/).closest('li')!;
    expect(other).toHaveTextContent('Date de l’autorisation d’urbanisme (site de remblai) : à renseigner par l’autre partie');
    expect(within(other).queryByRole('link')).not.toBeInTheDocument();
    const form = await within(section).findByRole('form', { name: /Vos références/ });
    expect(within(form).getByRole('textbox', { name: 'Personne réalisant la préparation des terres' })).toHaveValue('Terrassements du Ried SAS');
    await app.user.type(within(form).getByRole('textbox', { name: 'Références des analyses de sol' }), 'LRA-2026-0412, Laboratoire Rhénan');
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer les références' }));
    expect(await screen.findByText('Références du contrat enregistrées.')).toBeInTheDocument();
    expect(bodies).toEqual([{ analysis_references: 'LRA-2026-0412, Laboratoire Rhénan' }]);
  });
});
