// Values shared by the tables, the schemas and the pages (no database code: pages import this).
export const COMPLAINT_STATUSES = ['new', 'in_progress', 'accepted', 'rejected', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const PREFERRED_ACTIONS = ['repair', 'replacement', 'refund', 'other'] as const;
export type PreferredAction = (typeof PREFERRED_ACTIONS)[number];
export const CONTACT_SUBJECTS = ['general', 'sales', 'technical_support', 'training', 'rentals'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
/** Complaint handling time (SPEC section 9). */
export const COMPLAINT_WORKING_DAYS = 21;
/** The list highlights a due date this many working days ahead or nearer. */
export const COMPLAINT_DUE_SOON_DAYS = 3;
/** Statuses in which a complaint still waits for handling (overdue when past its due date). */
export const OPEN_COMPLAINT_STATUSES: readonly ComplaintStatus[] = ['new', 'in_progress'];
export const APPLICATION_STATUSES = ['draft', 'submitted', 'in_review', 'returned', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Statuses in which the applicant may still edit the application. */
export const EDITABLE_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['draft', 'returned'];
export const APPLICATION_ATTACHMENT_KINDS = [
  'lan_measurements_1',
  'lan_measurements_2',
  'lan_calibration_certificate',
  'fibre_measurements',
  'fibre_calibration_certificate',
] as const;
export type ApplicationAttachmentKind = (typeof APPLICATION_ATTACHMENT_KINDS)[number];
export const LAN_CLASSES = ['E', 'EA', 'F', 'FA'] as const;
export const SHIELDING_METHODS = ['U/UTP', 'F/UTP', 'U/FTP', 'S/FTP'] as const;
export const CABLING_STANDARDS = ['ISO/IEC 11801', 'EN 50173-1', 'TIA-568'] as const;
export const FIBRE_CLASSES = ['OM3', 'OM4', 'OM5', 'OS2'] as const;
/** The system warranty (SPEC section 9). */
export const WARRANTY_YEARS = 25;
