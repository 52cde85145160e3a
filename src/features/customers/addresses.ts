// Addresses and blank values of the customers feature (SPEC section 3), shared by the server, the
// admin form and the shop.
import { PERSONAL_PICKUP_ADDRESS as CORE_PICKUP_ADDRESS } from '~/core/company';
import type { Locale } from '~/core/i18n/locale';
import type { RegistryItem } from './gus-bir.server';

/** SPEC section 3 "Address". */
export interface Address {
  name: string;
  email: string;
  phone_number: string;
  town: string;
  street: string;
  home: string;
  flat: string;
  full_street: string;
  postcode: string;
  post: string;
}

/** A saved address (its id lets orders and forms refer to it). */
export interface StoredAddress extends Address {
  id: number;
}

/** The fields an administrator types; full_street is derived from street, home and flat. */
export const ADDRESS_INPUT_FIELDS = ['name', 'email', 'phone_number', 'town', 'street', 'home', 'flat', 'postcode', 'post'] as const;
export type AddressInputField = (typeof ADDRESS_INPUT_FIELDS)[number];

export function blankAddress(): Address {
  return { name: '', email: '', phone_number: '', town: '', street: '', home: '', flat: '', full_street: '', postcode: '', post: '' };
}

/** "Usługowa" + "10B" + "2" gives "Usługowa 10B/2"; a street already holding the number stays as it is. */
export function fullStreet(a: Pick<Address, 'street' | 'home' | 'flat'>): string {
  const number = a.home.trim() ? (a.flat.trim() ? `${a.home.trim()}/${a.flat.trim()}` : a.home.trim()) : a.flat.trim();
  return [a.street.trim(), number].filter(Boolean).join(' ');
}

/** True when none of the typed fields holds anything. */
export function isBlankAddress(a: unknown): boolean {
  if (!a || typeof a !== 'object') return true;
  const o = a as Record<string, unknown>;
  return ADDRESS_INPUT_FIELDS.every((f) => o[f] === undefined || o[f] === null || String(o[f]).trim() === '');
}

/** SPEC section 3: the personal pickup address (pickup at the provider's warehouse in Leszno; kept in core/company.ts). */
export const PERSONAL_PICKUP_ADDRESS: Readonly<Address> = CORE_PICKUP_ADDRESS;

const PICKUP_LABEL: Record<Locale, string> = {
  pl: 'Odbiór osobisty w magazynie',
  en: 'Personal pickup at the warehouse',
};

/** The personal pickup address with its label in the given language. */
export function personalPickupAddress(locale: Locale): Address {
  return { ...PERSONAL_PICKUP_ADDRESS, name: PICKUP_LABEL[locale] };
}

/** SPEC section 3: a registry item's name, e-mail and address as an address of the customer. */
export function addressFromRegistry(item: RegistryItem): Address {
  const a: Address = {
    name: item.nazwa,
    email: item.email,
    phone_number: item.adres.telefon,
    town: item.adres.miejscowosc,
    street: item.adres.ulica,
    home: item.adres.nr_domu,
    flat: item.adres.nr_lokalu,
    full_street: '',
    postcode: item.adres.kod_pocztowy,
    post: item.adres.poczta,
  };
  return { ...a, full_street: fullStreet(a) };
}

/** The customer form's values (SPEC section 3 "Customer"); ids of saved delivery addresses are kept. */
export interface CustomerFormValues {
  name: string;
  tax_identification_nr: string;
  /** A string in the form so that the blank value is empty. */
  payment_deadline_days: string;
  /** The most the owner may set as approval limit (issue 40), as typed; empty: no maximum. */
  approval_limit_max: string;
  enova_kod: string;
  enova_definicja_ceny: string;
  is_active: boolean;
  invoice_address: Address;
  delivery_addresses: (Address & { id?: number })[];
}

/** SPEC section 3: the values of a new blank customer. */
export function blankCustomer(): CustomerFormValues {
  return {
    name: '',
    tax_identification_nr: '',
    payment_deadline_days: '',
    approval_limit_max: '',
    enova_kod: '',
    enova_definicja_ceny: '',
    is_active: true,
    invoice_address: blankAddress(),
    delivery_addresses: [],
  };
}

/**
 * SPEC section 3: a registry item fills the name, tax number, code, invoice address and a first
 * delivery address. An existing first delivery address that holds something is kept: the
 * registry's address is put before it.
 */
export function applyRegistryItem(values: CustomerFormValues, item: RegistryItem): CustomerFormValues {
  const address = addressFromRegistry(item);
  const [first, ...rest] = values.delivery_addresses;
  const delivery =
    !first || isBlankAddress(first) ? [{ ...address, ...(first?.id ? { id: first.id } : {}) }, ...rest] : [address, ...values.delivery_addresses];
  return {
    ...values,
    name: item.nazwa || values.name,
    tax_identification_nr: item.nip || values.tax_identification_nr,
    enova_kod: item.kod || values.enova_kod,
    invoice_address: address,
    delivery_addresses: delivery,
  };
}
