// How the driver reaches the office (the tech-support screen): the company's own contact
// details, the same ones the customer emails carry (SPEC §3 company_phone, company_email).
import * as v from 'valibot';

/** GET /api/driver/company-contact. A field the office never filled in is null. */
export const CompanyContactSchema = v.object({
  name: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  address: v.nullable(v.string()),
});
export type CompanyContact = v.InferOutput<typeof CompanyContactSchema>;
