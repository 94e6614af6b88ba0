import { describe, expect, it } from 'vitest';
import { consoleLinks, portalLinks } from './links.js';

const urls = { advertiserPortalUrl: 'https://portail.example', adminConsoleUrl: 'https://console.example' };

describe('links into the apps', () => {
  it('point at the portal routes the e-mails and payments use', () => {
    const portal = portalLinks(urls);
    expect(portal.listingOverview('i1')).toBe('https://portail.example/user/inquiry/details/i1/overview');
    expect(portal.listingDocuments('i1')).toBe('https://portail.example/user/inquiry/details/i1/documents');
    expect(portal.acceptInvitation('a.b+c')).toBe('https://portail.example/accept-invitation?token=a.b%2Bc');
    expect(portal.register()).toBe('https://portail.example/register');
    expect(portal.buyCredits()).toBe('https://portail.example/credits/buy');
    expect(portal.purchaseCancelled()).toBe('https://portail.example/credits/buy?cancelled=true');
    expect(portal.purchaseSucceeded(120)).toBe('https://portail.example/credits/success?expected_credit_count=120');
  });

  it('point at the console listing page the admins are mailed', () => {
    expect(consoleLinks(urls).listingManagement('i1')).toBe('https://console.example/admin/inquiry/details/i1/management');
  });
});
