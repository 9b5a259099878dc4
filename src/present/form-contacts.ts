/**
 * The forms' one check for contact details in free text (src/domain/contact-text.ts), for the forms
 * Block Kit draws: a phone number or an email address refused at its field, saying why.
 */
export { CONTACT_INSTEAD, contactRefusal, refuseContacts } from "../domain/contact-text.ts";
