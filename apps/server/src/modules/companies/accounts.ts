import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type TAdminCompany, type TCompany, type TCompanyMe, type TCompanyRegistration, toE164 } from '@farha/contracts/company';
import type { Db, Queryable } from '../../db/client.ts';
import { companies, companyDocuments, companyMembers, emailOutbox, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthContext } from '../../lib/context.ts';
import { createAccount, openAccount } from '../accounts/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { enqueueEmail, hello, infoEmail, lang, wakeOutbox } from '../notifications/index.ts';
import { companyEmail } from './emails.ts';
import { assertPasswordLength } from '../settings/index.ts';

type Company = typeof companies.$inferSelect;

export function companyDto(c: Company): TCompany {
  return {
    id: c.id,
    name: c.name,
    legalForm: c.legalForm,
    nif: c.nif,
    nis: c.nis,
    rc: c.rc,
    articleImposition: c.articleImposition,
    address: c.address,
    wilaya: c.wilaya,
    contactName: c.contactName,
    contactEmail: c.contactEmail,
    contactPhone: c.contactPhone,
    status: c.status,
    rejectionReason: c.rejectionReason,
    createdAt: c.createdAt.toISOString(),
    verifiedAt: c.verifiedAt?.toISOString() ?? null,
  };
}

/**
 * Issue 27, "Ouvrir un compte entreprise" (public): the contact's company_admin account (active, it signs in
 * at once) and the company, pending until finance verifies it (as a partner's KYC). One account per NIF.
 * Issue 32: an address that already has an account gets the same answer as a new one (nothing says it
 * exists); no company is opened, and the account's owner is told by e-mail that someone tried (at most one
 * such e-mail an hour). Null then, the new company otherwise.
 */
export async function registerCompany(db: Db, input: Omit<TCompanyRegistration, 'consent'>, ctx: { now: Date; publicUrl: string }): Promise<Company | null> {
  await assertPasswordLength(db, input.password);
  const phone = toE164(input.contactPhone);
  if (!phone) throw new AppError('INVALID_PHONE', { field: 'contactPhone' });
  const passwordHash = await hashPassword(input.password);
  const company = await db
    .transaction(async (tx) => {
      const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.nif, input.nif)).limit(1);
      if (taken) throw new AppError('COMPANY_NIF_TAKEN', { field: 'nif' });
      const admin = await openAccount(tx, {
        email: input.contactEmail,
        passwordHash,
        firstName: input.contactFirstName,
        lastName: input.contactLastName,
        phone,
        role: 'company_admin',
        now: ctx.now,
      });
      if (!admin) {
        await tellExistingAccount(tx, input.contactEmail, ctx);
        return null;
      }
      const [created] = await tx
        .insert(companies)
        .values({
          name: input.name,
          legalForm: input.legalForm,
          nif: input.nif,
          nis: input.nis,
          rc: input.rc.replace(/\s+/g, ' ').toUpperCase(),
          articleImposition: input.articleImposition,
          address: input.address,
          wilaya: input.wilaya,
          contactName: `${input.contactFirstName} ${input.contactLastName}`,
          contactEmail: input.contactEmail,
          contactPhone: phone,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      await tx.insert(companyMembers).values({ companyId: created!.id, userId: admin.id, memberRole: 'admin', createdAt: ctx.now });
      await enqueueEmail(tx, {
        now: ctx.now,
        to: input.contactEmail,
        template: 'company-registered',
        render: (locale) =>
          companyEmail({
            locale,
            link: `${ctx.publicUrl}/entreprise/compte`,
            name: input.contactFirstName,
            subject: { fr: 'Farha Entreprises : demande reçue', ar: 'فرحة للمؤسسات: تم استلام طلبك' },
            paragraphs: [
              {
                fr: `Nous avons bien reçu la demande d'ouverture du compte de ${input.name}. Nos équipes vérifient vos informations (NIF, NIS, RC) sous 48 h ouvrées ; vous pourrez commander dès la validation.`,
                ar: `استلمنا طلب فتح حساب ${input.name}. يتحقق فريقنا من معلوماتك (الرقم الجبائي، الرقم الإحصائي، السجل التجاري) خلال 48 ساعة عمل؛ يمكنك الطلب فور المصادقة.`,
              },
            ],
          }),
      });
      return created!;
    })
    .catch((error: unknown) => {
      // Two requests with one NIF at the same moment: the second meets the unique key, and the same words.
      if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
        throw new AppError('COMPANY_NIF_TAKEN', { field: 'nif' });
      }
      throw error;
    });
  wakeOutbox();
  return company;
}

/** How often the owner of an address is told that someone tried to open a company account with it. */
const ATTEMPT_NOTICE_MS = 60 * 60_000;

/** The address has an account: its owner learns of the try (not its requester), once an hour at most. */
async function tellExistingAccount(tx: Queryable, email: string, ctx: { now: Date; publicUrl: string }) {
  const [recent] = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'company-register-attempt'), gt(emailOutbox.createdAt, new Date(ctx.now.getTime() - ATTEMPT_NOTICE_MS))))
    .limit(1);
  if (recent) return;
  const [owner] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.email, email)).limit(1);
  await enqueueEmail(tx, {
    now: ctx.now,
    to: email,
    template: 'company-register-attempt',
    render: (locale) => {
      const l = lang(locale);
      return infoEmail(l, {
        subject: l.t({ fr: "Farha Entreprises : tentative d'ouverture de compte", ar: 'فرحة للمؤسسات: محاولة فتح حساب' }),
        greeting: hello(l, owner?.firstName),
        paragraphs: [
          l.t({
            fr: "Quelqu'un vient de demander l'ouverture d'un compte entreprise Farha avec votre adresse, qui a déjà un compte Farha. Une adresse ne porte qu'un compte : aucun compte n'a été ouvert.",
            ar: 'طلب أحدهم للتو فتح حساب مؤسسة في فرحة بعنوانك، وهو مرتبط بحساب فرحة من قبل. لا يحمل العنوان إلا حسابًا واحدًا: لم يُفتح أي حساب.',
          }),
          l.t({
            fr: "Si c'était vous, ouvrez le compte de l'entreprise avec une autre adresse, ou connectez-vous à votre compte (« Mot de passe oublié » vous en donne un nouveau). Sinon, ignorez ce message.",
            ar: 'إن كنت أنت، فافتح حساب المؤسسة بعنوان آخر، أو سجّل الدخول إلى حسابك («نسيت كلمة المرور» يمنحك كلمة جديدة). وإلا فتجاهل هذه الرسالة.',
          }),
        ],
        cta: { label: l.t({ fr: 'Me connecter', ar: 'تسجيل الدخول' }), url: `${ctx.publicUrl}/auth` },
      });
    },
  });
}

/** The company of a company_admin or company_buyer, and their role in it; a 404 for anyone else. */
export async function membershipOf(db: Queryable, userId: string): Promise<{ company: Company; memberRole: 'admin' | 'buyer' }> {
  const [row] = await db
    .select({ company: companies, memberRole: companyMembers.memberRole })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

export async function companyMe(db: Queryable, userId: string): Promise<TCompanyMe> {
  const { company, memberRole } = await membershipOf(db, userId);
  const members = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, status: users.status })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, company.id))
    .orderBy(companyMembers.createdAt, asc(companyMembers.userId))
    .limit(200);
  return {
    company: companyDto(company),
    memberRole,
    members: members.map((m) => ({ ...m, role: m.role === 'company_admin' ? 'company_admin' : 'company_buyer' })),
  };
}

/** The company's admin invites a colleague as a buyer: a pending account whose e-mailed link sets the password. */
export async function inviteBuyer(
  db: Db,
  auth: AuthContext,
  input: { email: string; firstName: string; lastName: string },
  ctx: { now: Date; publicUrl: string },
) {
  const { company, memberRole } = await membershipOf(db, auth.userId);
  if (memberRole !== 'admin') throw new AppError('COMPANY_ADMIN_ONLY');
  const actor: AuditActor = { userId: auth.userId, email: auth.email, role: auth.role };
  return createAccount(db, { ...input, role: 'company_buyer' }, {
    actor,
    now: ctx.now,
    publicUrl: ctx.publicUrl,
    attach: async (tx, userId) => {
      await tx.insert(companyMembers).values({ companyId: company.id, userId, memberRole: 'buyer', createdAt: ctx.now });
    },
  });
}

/** A verified company may order; a pending or rejected one is told why not. */
export async function orderingCompany(db: Queryable, userId: string): Promise<Company> {
  const { company } = await membershipOf(db, userId);
  if (company.status !== 'verified') throw new AppError('COMPANY_NOT_VERIFIED');
  return company;
}

// Back office ----------------------------------------------------------------------------------------

export async function listCompanies(db: Queryable, query: { status: string; page: number; pageSize: number }) {
  const where = query.status === 'all' ? undefined : eq(companies.status, query.status as Company['status']);
  const [rows, [total]] = await Promise.all([
    db.select().from(companies).where(where).orderBy(desc(companies.createdAt), desc(companies.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { companies: await withReviewFacts(db, rows), total: total!.n, page: query.page, pageSize: query.pageSize };
}

/** Issue 34: an RC compared without its spaces, slashes, dashes and case (`16/00-1234567 B 19` = `1600 1234567B19`). */
const rcKey = sql<string>`upper(regexp_replace(${companies.rc}, '[^0-9A-Za-z]', '', 'g'))`;
const normaliseRc = (rc: string) => rc.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** Issue 34: each company with the number of documents it uploaded and the other companies that share its RC. */
async function withReviewFacts(db: Queryable, rows: Company[]): Promise<TAdminCompany[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  const keys = [...new Set(rows.map((c) => normaliseRc(c.rc)).filter(Boolean))];
  const [docs, sharing] = await Promise.all([
    db.select({ companyId: companyDocuments.companyId, n: count() }).from(companyDocuments).where(inArray(companyDocuments.companyId, ids)).groupBy(companyDocuments.companyId),
    keys.length
      ? db
          .select({ id: companies.id, name: companies.name, status: companies.status, key: rcKey })
          .from(companies)
          .where(inArray(rcKey, keys))
          .orderBy(asc(companies.createdAt), asc(companies.id))
      : Promise.resolve([]),
  ]);
  const docCount = new Map(docs.map((d) => [d.companyId, d.n]));
  return rows.map((c) => {
    const key = normaliseRc(c.rc);
    return {
      ...companyDto(c),
      documentCount: docCount.get(c.id) ?? 0,
      duplicateOf: key ? sharing.filter((o) => o.key === key && o.id !== c.id).map(({ id, name, status }) => ({ id, name, status })) : [],
    };
  });
}

/** Finance verifies a company (it may order) or rejects it with a reason; the contact is told by e-mail. */
export async function reviewCompany(db: Db, companyId: string, decision: { decision: 'verify' | 'reject'; reason: string | null }, actor: AuditActor, now: Date, publicUrl: string) {
  if (decision.decision === 'reject' && !decision.reason) throw new AppError('KYC_REASON_REQUIRED', { field: 'reason' });
  const updated = await db.transaction(async (tx) => {
    // Issue 34: a company that uploaded nothing (no RC, NIF or statuts) cannot be verified.
    if (decision.decision === 'verify') {
      const [exists] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1).for('update');
      if (!exists) throw new AppError('COMPANY_NOT_FOUND');
      const [docs] = await tx.select({ n: count() }).from(companyDocuments).where(eq(companyDocuments.companyId, companyId));
      if (!docs || docs.n === 0) throw new AppError('COMPANY_DOCUMENTS_MISSING');
    }
    const [row] = await tx
      .update(companies)
      .set(
        decision.decision === 'verify'
          ? { status: 'verified', verifiedAt: now, verifiedBy: actor.userId, rejectionReason: null, updatedAt: now }
          : { status: 'rejected', rejectionReason: decision.reason, updatedAt: now },
      )
      .where(and(eq(companies.id, companyId)))
      .returning();
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    await recordAudit(tx, {
      actor,
      action: decision.decision === 'verify' ? 'company.verify' : 'company.reject',
      entityType: 'company',
      entityId: row.id,
      summary: `${row.name} (NIF ${row.nif})${decision.reason ? ` : ${decision.reason}` : ''}`,
      params: { name: row.name },
      before: null,
      after: { status: row.status },
      now,
    });
    await enqueueEmail(tx, {
      now,
      to: row.contactEmail,
      template: 'company-reviewed',
      render: (locale) =>
        companyEmail({
          locale,
          link: `${publicUrl}/entreprise/commandes`,
          name: row.contactName,
          subject: decision.decision === 'verify' ? { fr: 'Votre compte entreprise est validé', ar: 'تمت المصادقة على حساب مؤسستك' } : { fr: 'Votre compte entreprise', ar: 'حساب مؤسستك' },
          paragraphs: [
            decision.decision === 'verify'
              ? { fr: `${row.name} est vérifiée : vous pouvez passer vos commandes groupées.`, ar: `تم التحقق من ${row.name}: يمكنك الآن تقديم طلباتك الجماعية.` }
              : { fr: `Nous n'avons pas pu valider ${row.name} : ${decision.reason}`, ar: `لم نتمكن من المصادقة على ${row.name}: ${decision.reason}` },
          ],
        }),
    });
    return row;
  });
  wakeOutbox();
  return companyDto(updated);
}
