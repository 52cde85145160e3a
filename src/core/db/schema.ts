// Every table of every feature, for drizzle-kit and the typed query API.
export * from '~/core/audit/audit.schema';
export * from '~/core/files/files.schema';
export * from '~/core/mail/mail.schema';
export * from '~/core/session/session.schema';
export * from '~/features/catalog/catalog.schema';
export * from '~/features/content/content.schema';
export * from '~/features/accounts/accounts.schema';
export * from '~/features/customers/customers.schema';
