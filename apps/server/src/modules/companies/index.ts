export { companyAdminRoutes, companyRegistrationRoutes, companyRoutes } from './routes.ts';
export { fulfilCompanyPayment } from './orders.ts';
export { checkRecipientRows, readRecipientFile } from './rows.ts';
export { createIssuer, issuanceFigures, issueStep, runCompanyIssuance, startIssuance } from './issuance.ts';
export { companiesOverview } from './overview.ts';
export { isOrderIssued } from './orders.ts';
