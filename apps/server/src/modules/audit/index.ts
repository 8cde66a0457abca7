export { recordAudit, type AuditActor } from './service.ts';
export { listAudit } from './service.ts';
