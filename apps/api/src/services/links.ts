// Every link the API writes into the two apps (e-mails, payment redirects): built here only, so
// a route of the portal or the console is spelled once on this side.
import type { Config } from '../env.js';

type AppUrls = Pick<Config, 'advertiserPortalUrl' | 'adminConsoleUrl'>;

/** The advertiser portal's pages the API links to. */
export function portalLinks({ advertiserPortalUrl: portal }: Pick<AppUrls, 'advertiserPortalUrl'>) {
  return {
    listingOverview: (inquiryId: string) => `${portal}/user/inquiry/details/${inquiryId}/overview`,
    listingDocuments: (inquiryId: string) => `${portal}/user/inquiry/details/${inquiryId}/documents`,
    /** A transfer's page (issue 18): its loads, departures and receptions. */
    transfer: (transferId: string) => `${portal}/user/transfers/${transferId}`,
    acceptInvitation: (token: string) => `${portal}/accept-invitation?token=${encodeURIComponent(token)}`,
    register: () => `${portal}/register`,
    /** 'Mon Compte', tab Notifications (issue 21): the e-mail preferences. */
    notificationSettings: () => `${portal}/user/account/notifications`,
    /** The credit packs page (CONTRACT §9), and where a cancelled payment returns. */
    buyCredits: () => `${portal}/credits/buy`,
    purchaseCancelled: () => `${portal}/credits/buy?cancelled=true`,
    /** Where a paid purchase returns; the portal polls until the balance reaches `expectedBalance`. */
    purchaseSucceeded: (expectedBalance: number) => `${portal}/credits/success?expected_credit_count=${expectedBalance}`,
  };
}

/** The admin console's pages the API links to. */
export function consoleLinks({ adminConsoleUrl: console }: Pick<AppUrls, 'adminConsoleUrl'>) {
  return {
    listingManagement: (inquiryId: string) => `${console}/admin/inquiry/details/${inquiryId}/management`,
    transfer: (transferId: string) => `${console}/admin/transfers/${transferId}`,
    /** The console's first page (the listings table). */
    home: () => `${console}/`,
  };
}
