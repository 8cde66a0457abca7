export { companyAdminRoutes, companyRegistrationRoutes, companyRoutes } from './routes.ts';
export { fulfilCompanyPayment } from './orders.ts';
export { checkRecipientRows, readRecipientFile } from './rows.ts';
export { issueOrder } from './orders.ts';
export { companiesOverview } from './overview.ts';
