/** A company's recipient file as a multipart/form-data upload (field `file`), with optional fields before it. */
export function multipart(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----farha-test';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A company's sign-up form as the page /entreprises sends it: the same legal details but for a name, a NIF and an e-mail. */
export const companySignUp = (who: { name: string; nif: string; contactEmail: string }) => ({
  name: who.name,
  legalForm: 'SPA',
  nif: who.nif,
  nis: '000216010101010',
  rc: '16/00-7654321 B 10',
  articleImposition: '16098765432',
  address: '5 boulevard Zighoud Youcef, Alger',
  wilaya: 'Alger',
  contactFirstName: 'Leila',
  contactLastName: 'Hamidi',
  contactEmail: who.contactEmail,
  contactPhone: '0550 11 22 33',
  password: 'secret1234',
  consent: true,
});
