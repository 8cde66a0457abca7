import {
  ADMIN_PAGE_ROLES,
  ADMIN_ROLES,
  COMPANY_ROLES,
  PARTNER_ROLES,
  SUPPORT_ROLES,
  type TAdminPage,
} from '@farha/contracts/plain/roles';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { useCurrentUser } from '@/lib/auth';
import { loadErrorCatalogue } from '@/lib/error-catalogue';
import { RequireAuth, RequireRole } from '@/components/route-guards';
import { PublicLayout } from './layouts/public-layout';
import { paths, profilePathFor } from '@/config/paths';
import { AppRoot, RootFallback } from './root';
import { RouteError } from './route-error';

/**
 * A route's `lazy` loading one named component: each page (and area layout) is its own chunk. The page
 * comes with the error catalogue (lib/error-catalogue.ts): its forms show the catalogue's messages.
 */
function lazyComponent<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => {
    const [page] = await Promise.all([load(), loadErrorCatalogue().catch(() => null)]);
    return { Component: page[name] };
  };
}

/**
 * The same for the storefront's browsing pages (home, catalogue, box), which have no form: the error
 * catalogue stays off their first load and comes with the first failed call (issue 15).
 */
function lazyBrowsingPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const notFound = lazyComponent(() => import('@/features/errors/pages/not-found-page'), 'NotFoundPage');

function ProfileRedirect() {
  const user = useCurrentUser();
  return <Navigate to={profilePathFor(user.role)} replace />;
}

// The demo mailbox's readers (the API's /api/demo guard): back-office roles and support.
const MAILBOX_ROLES = [...ADMIN_ROLES, 'support'] as const;

const storefrontRoutes: RouteObject[] = [
  { index: true, lazy: lazyBrowsingPage(() => import('@/features/storefront/pages/home-page'), 'HomePage') },
  { path: paths.catalog, lazy: lazyBrowsingPage(() => import('@/features/storefront/pages/catalog-page'), 'CatalogPage') },
  { path: paths.box, lazy: lazyBrowsingPage(() => import('@/features/storefront/pages/box-page'), 'BoxPage') },
  {
    path: paths.howItWorks,
    lazy: lazyBrowsingPage(() => import('@/features/storefront/pages/how-it-works-page'), 'HowItWorksPage'),
  },
  { path: paths.partners, lazy: lazyComponent(() => import('@/features/storefront/pages/partners-page'), 'PartnersPage') },
  { path: paths.businessOffer, lazy: lazyComponent(() => import('@/features/company/pages/business-offer-page'), 'BusinessOfferPage') },
  { path: paths.giftCard, lazy: lazyComponent(() => import('@/features/gift-cards/pages/gift-card-page'), 'GiftCardPage') },
  {
    path: paths.giftCardThanks,
    lazy: lazyComponent(() => import('@/features/gift-cards/pages/gift-card-thanks-page'), 'GiftCardThanksPage'),
  },
  {
    path: paths.giftCardBalance,
    lazy: lazyComponent(() => import('@/features/gift-cards/pages/gift-card-balance-page'), 'GiftCardBalancePage'),
  },
  // Issue 37: group gifts. The organiser's form needs a customer (a visitor logs in, then comes back); the pot's
  // page and a contribution's return page need no account.
  {
    path: paths.groupGiftNew,
    element: <RequireRole roles={['customer']} />,
    children: [{ index: true, lazy: lazyComponent(() => import('@/features/group-gifts/pages/new-group-gift-page'), 'NewGroupGiftPage') }],
  },
  {
    path: paths.groupGiftThanks,
    lazy: lazyComponent(() => import('@/features/group-gifts/pages/group-gift-thanks-page'), 'GroupGiftThanksPage'),
  },
  { path: paths.groupGift, lazy: lazyComponent(() => import('@/features/group-gifts/pages/group-gift-page'), 'GroupGiftPage') },
  { path: paths.basket, lazy: lazyComponent(() => import('@/features/basket/pages/basket-page'), 'BasketPage') },
  { path: paths.checkout, lazy: lazyComponent(() => import('@/features/checkout/pages/checkout-page'), 'CheckoutPage') },
  {
    path: paths.checkoutReturn,
    lazy: lazyComponent(() => import('@/features/checkout/pages/checkout-return-page'), 'CheckoutReturnPage'),
  },
  { path: paths.success, lazy: lazyComponent(() => import('@/features/checkout/pages/success-page'), 'SuccessPage') },
  {
    path: paths.publicVoucher,
    lazy: lazyComponent(() => import('@/features/checkout/pages/public-voucher-page'), 'PublicVoucherPage'),
  },
  {
    element: <RequireRole roles={MAILBOX_ROLES} />,
    children: [
      { path: paths.demoMailbox, lazy: lazyComponent(() => import('@/features/mailbox/pages/mailbox-page'), 'MailboxPage') },
      // Issue 38: the demo courier's parcels.
      { path: paths.demoCourier, lazy: lazyComponent(() => import('@/features/delivery/pages/demo-courier-page'), 'DemoCourierPage') },
    ],
  },
  // Issue 38: a cash order's confirmation code, and the parcel of a buyer's order.
  {
    element: <RequireRole roles={['customer']} />,
    children: [
      { path: paths.orderConfirm, lazy: lazyComponent(() => import('@/features/delivery/pages/order-pages'), 'ConfirmCashPage') },
      { path: paths.orderTracking, lazy: lazyComponent(() => import('@/features/delivery/pages/order-pages'), 'OrderTrackingPage') },
    ],
  },
  { path: paths.help, lazy: lazyComponent(() => import('./help-route'), 'HelpRoute') },
  {
    path: paths.unauthorized,
    lazy: lazyComponent(() => import('@/features/errors/pages/forbidden-page'), 'ForbiddenPage'),
  },
  {
    path: paths.profile,
    element: (
      <RequireAuth>
        <ProfileRedirect />
      </RequireAuth>
    ),
  },
  { path: '*', lazy: notFound },
];

const customerRoutes: RouteObject = {
  path: paths.client.root,
  element: <RequireRole roles={['customer']} />,
  children: [
    {
      lazy: lazyComponent(() => import('./layouts/customer-layout'), 'CustomerLayout'),
      children: [
        { index: true, element: <Navigate to={paths.client.dashboard} replace /> },
        {
          path: paths.client.dashboard,
          lazy: lazyComponent(() => import('@/features/customer/pages/dashboard-page'), 'CustomerDashboardPage'),
        },
        {
          path: paths.client.profile,
          lazy: lazyComponent(() => import('@/features/customer/pages/profile-page'), 'CustomerProfilePage'),
        },
        {
          path: paths.client.history,
          lazy: lazyComponent(() => import('@/features/customer/pages/history-page'), 'CustomerHistoryPage'),
        },
        {
          path: paths.client.support,
          lazy: lazyComponent(() => import('@/features/customer/pages/support-page'), 'CustomerSupportPage'),
        },
        {
          path: paths.client.groupGifts,
          lazy: lazyComponent(() => import('@/features/group-gifts/pages/my-group-gifts-page'), 'MyGroupGiftsPage'),
        },
        {
          path: paths.client.groupGift,
          lazy: lazyComponent(() => import('@/features/group-gifts/pages/my-group-gift-page'), 'MyGroupGiftPage'),
        },
        { path: '*', lazy: notFound },
      ],
    },
  ],
};

// Issue 27: the company area.
const companyRoutes: RouteObject = {
  path: paths.company.root,
  element: <RequireRole roles={COMPANY_ROLES} />,
  children: [
    {
      lazy: lazyComponent(() => import('./layouts/company-layout'), 'CompanyLayout'),
      children: [
        { index: true, element: <Navigate to={paths.company.orders} replace /> },
        { path: paths.company.orders, lazy: lazyComponent(() => import('@/features/company/pages/orders-page'), 'CompanyOrdersPage') },
        { path: paths.company.newOrder, lazy: lazyComponent(() => import('@/features/company/pages/new-order-page'), 'CompanyNewOrderPage') },
        { path: paths.company.order, lazy: lazyComponent(() => import('@/features/company/pages/order-page'), 'CompanyOrderPage') },
        { path: paths.company.account, lazy: lazyComponent(() => import('@/features/company/pages/account-page'), 'CompanyAccountPage') },
        { path: '*', lazy: notFound },
      ],
    },
  ],
};

const partnerRoutes: RouteObject = {
  path: paths.partner.root,
  element: <RequireRole roles={PARTNER_ROLES} />,
  children: [
    {
      lazy: lazyComponent(() => import('./layouts/partner-layout'), 'PartnerLayout'),
      children: [
        { index: true, element: <Navigate to={paths.partner.dashboard} replace /> },
        {
          path: paths.partner.dashboard,
          lazy: lazyComponent(() => import('@/features/partner/pages/dashboard-page'), 'PartnerDashboardPage'),
        },
        {
          path: paths.partner.scanner,
          lazy: lazyComponent(() => import('@/features/partner/pages/scanner-page'), 'PartnerScannerPage'),
        },
        {
          path: paths.partner.transactions,
          lazy: lazyComponent(() => import('@/features/partner/pages/transactions-page'), 'PartnerTransactionsPage'),
        },
        {
          path: paths.partner.payouts,
          lazy: lazyComponent(() => import('@/features/partner/pages/payouts-page'), 'PartnerPayoutsPage'),
        },
        {
          path: paths.partner.offers,
          lazy: lazyComponent(() => import('@/features/partner/pages/offers-page'), 'PartnerOffersPage'),
        },
        {
          path: paths.partner.reservations,
          lazy: lazyComponent(() => import('@/features/partner/pages/reservations-page'), 'PartnerReservationsPage'),
        },
        {
          path: paths.partner.profile,
          lazy: lazyComponent(() => import('@/features/partner/pages/profile-page'), 'PartnerProfilePage'),
        },
        {
          path: paths.partner.support,
          lazy: lazyComponent(() => import('@/features/partner/pages/support-page'), 'PartnerSupportPage'),
        },
        { path: '*', lazy: notFound },
      ],
    },
  ],
};

const adminPages: Record<TAdminPage, RouteObject['lazy']> = {
  dashboard: lazyComponent(() => import('@/features/admin/pages/dashboard-page'), 'AdminDashboardPage'),
  users: lazyComponent(() => import('@/features/admin/pages/users-page'), 'AdminUsersPage'),
  partners: lazyComponent(() => import('@/features/admin/pages/partners-page'), 'AdminPartnersPage'),
  catalog: lazyComponent(() => import('@/features/admin/pages/catalog-page'), 'AdminCatalogPage'),
  analytics: lazyComponent(() => import('@/features/admin/pages/analytics-page'), 'AdminAnalyticsPage'),
  settings: lazyComponent(() => import('@/features/admin/pages/settings-page'), 'AdminSettingsPage'),
  profile: lazyComponent(() => import('@/features/admin/pages/profile-page'), 'AdminProfilePage'),
  payouts: lazyComponent(() => import('@/features/admin/pages/payouts-page'), 'AdminPayoutsPage'),
  refunds: lazyComponent(() => import('@/features/admin/pages/refunds-page'), 'AdminRefundsPage'),
  rates: lazyComponent(() => import('@/features/admin/pages/rates-page'), 'AdminRatesPage'),
  payments: lazyComponent(() => import('@/features/admin/pages/payments-page'), 'AdminPaymentsPage'),
  audit: lazyComponent(() => import('@/features/admin/pages/audit-page'), 'AdminAuditPage'),
  companies: lazyComponent(() => import('@/features/company/pages/admin-companies-page'), 'AdminCompaniesPage'),
  promotions: lazyComponent(() => import('@/features/admin/promotions/promotions-page'), 'AdminPromotionsPage'),
  shipments: lazyComponent(() => import('@/features/delivery/pages/shipments-page'), 'ShipmentsPage'),
  remittances: lazyComponent(() => import('@/features/delivery/pages/remittances-page'), 'RemittancesPage'),
};

const adminRoutes: RouteObject = {
  path: paths.admin.root,
  element: <RequireRole roles={ADMIN_ROLES} />,
  children: [
    {
      lazy: lazyComponent(() => import('./layouts/admin-layout'), 'AdminLayout'),
      children: [
        { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
        // docs/product/accounts-and-roles.md §3: each page has its own roles (a finance user opening /admin/users gets /unauthorized).
        ...(Object.keys(adminPages) as TAdminPage[]).map(
          (page): RouteObject => ({
            path: paths.admin[page],
            element: <RequireRole roles={ADMIN_PAGE_ROLES[page]} />,
            children: [{ index: true, lazy: adminPages[page] }],
          }),
        ),
        { path: '*', lazy: notFound },
      ],
    },
  ],
};

// Pathless: the portal's pages live under /support/…, but /support itself is the public help centre.
const supportPortalRoutes: RouteObject = {
  element: <RequireRole roles={SUPPORT_ROLES} />,
  children: [
    {
      lazy: lazyComponent(() => import('./layouts/support-layout'), 'SupportLayout'),
      children: [
        {
          path: paths.supportPortal.dashboard,
          lazy: lazyComponent(() => import('@/features/support/pages/dashboard-page'), 'SupportDashboardPage'),
        },
        {
          path: paths.supportPortal.tickets,
          lazy: lazyComponent(() => import('@/features/support/pages/tickets-page'), 'SupportTicketsPage'),
        },
        {
          path: paths.supportPortal.chats,
          lazy: lazyComponent(() => import('@/features/support/pages/chats-page'), 'SupportChatsPage'),
        },
        {
          path: paths.supportPortal.disputes,
          lazy: lazyComponent(() => import('@/features/support/pages/disputes-page'), 'SupportDisputesPage'),
        },
        {
          path: paths.supportPortal.users,
          lazy: lazyComponent(() => import('@/features/support/pages/users-page'), 'SupportUsersPage'),
        },
        {
          path: paths.supportPortal.partners,
          lazy: lazyComponent(() => import('@/features/support/pages/partners-page'), 'SupportPartnersPage'),
        },
        {
          path: paths.supportPortal.knowledge,
          lazy: lazyComponent(() => import('@/features/support/pages/knowledge-page'), 'SupportKnowledgePage'),
        },
        {
          path: paths.supportPortal.reports,
          lazy: lazyComponent(() => import('@/features/support/pages/reports-page'), 'SupportReportsPage'),
        },
        {
          path: paths.supportPortal.profile,
          lazy: lazyComponent(() => import('@/features/support/pages/profile-page'), 'SupportProfilePage'),
        },
        { path: `${paths.supportPortal.root}/*`, lazy: notFound },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      { path: paths.auth, lazy: lazyComponent(() => import('@/features/auth/pages/auth-page'), 'AuthPage') },
      {
        path: paths.authReset,
        lazy: lazyComponent(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: paths.invitation,
        lazy: lazyComponent(() => import('@/features/partner/pages/invitation-page'), 'InvitationPage'),
      },
      { Component: PublicLayout, children: storefrontRoutes },
      customerRoutes,
      partnerRoutes,
      companyRoutes,
      adminRoutes,
      supportPortalRoutes,
    ],
  },
];

/**
 * The browser's router. For a page the server drew, the lazy routes it matched are loaded first, so that
 * the first render draws the page (not the fallback) as the server did.
 */
export async function createAppRouter(hydrating: boolean) {
  if (hydrating) {
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined);
}

export function AppRouter({ router }: { router: Awaited<ReturnType<typeof createAppRouter>> }) {
  return <RouterProvider router={router} />;
}
