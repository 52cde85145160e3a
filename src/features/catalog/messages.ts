import { defineMessages, type Locale, numberFormat, translator } from '~/core/i18n/locale';

/** Texts of the catalogue pages. */
export const catalogMessages = defineMessages({
  pl: {
    home: 'Strona główna',
    breadcrumbs: 'Ścieżka nawigacji',
    'categories.title': 'Produkty',
    'categories.intro':
      'Kompletny system okablowania strukturalnego COBI NET: od kabli miedzianych i światłowodowych, przez osprzęt i szafy rack, po koryta kablowe i narzędzia instalatorskie.',
    'categories.all': 'Wszystkie produkty',
    'category.allTitle': 'Wszystkie produkty',
    'category.searchTitle': 'Wyniki wyszukiwania: „{q}”',
    'category.searchHint': 'Szukano w nazwach, numerach katalogowych i opisach produktów.',
    'category.count': '{n, plural, one {# produkt} few {# produkty} other {# produktów}}',
    'category.empty': 'Nie znaleziono produktów spełniających wybrane kryteria.',
    'category.filters': 'Podkategorie',
    'category.filtersAll': 'Kategorie',
    'category.filterAll': 'Wszystkie',
    'category.clearSearch': 'Wyczyść wyszukiwanie',
    'category.products': 'Lista produktów',
    'facets.title': 'Filtry',
    'facets.toggle': 'Filtry i sortowanie',
    'facets.selectedCount': 'wybrane: {n}',
    'facets.apply': 'Pokaż wyniki',
    'facets.clear': 'Wyczyść',
    'facets.clearFacet': 'Wyczyść filtr: {name}',
    'facets.clearAll': 'Wyczyść wszystkie filtry',
    'facets.active': 'Wybrane filtry',
    'facets.remove': 'Usuń filtr {name}: {value}',
    'sort.label': 'Sortuj:',
    'sort.name': 'nazwa',
    'sort.newest': 'najnowsze',
    'product.specs': 'Specyfikacja techniczna',
    'product.specName': 'Parametr',
    'product.specValue': 'Wartość',
    'product.numbers': 'Numery katalogowe',
    'product.number': 'Numer katalogowy',
    'product.numberName': 'Nazwa',
    'product.multiple': 'Krotność sprzedaży',
    'product.versions': 'Dostępne wersje',
    'product.version.Flatpack': 'szafa w paczce do samodzielnego montażu, niższy koszt transportu',
    'product.version.Szafa złożona': 'szafa dostarczana w całości, gotowa do instalacji',
    'product.versionName.Flatpack': 'Flatpack',
    'product.versionName.Szafa złożona': 'Szafa złożona',
    'product.description': 'Opis produktu',
    'product.datasheet': 'Karta katalogowa',
    'product.datasheetOpen': 'Karta katalogowa (PDF, otwiera się w nowej karcie)',
    'product.documents': 'Dokumenty do pobrania',
    'product.download': 'Pobierz',
    'product.gallery': 'Zdjęcia produktu',
    'product.related': 'Podobne produkty',
    'product.accessories': 'Akcesoria',
    'product.noImage': 'Zdjęcie produktu w przygotowaniu',
    'product.category': 'Kategoria',
    'product.contact': 'Pytania o produkt? Skontaktuj się z nami',
    'doc.declaration_of_conformity': 'Deklaracja zgodności',
    'doc.declaration_of_performance': 'Deklaracja właściwości użytkowych',
    'doc.certificate': 'Certyfikat',
    'doc.cad': 'Rysunek CAD',
    'doc.revit': 'Plik Revit',
    'doc.other': 'Inne',
    'unit.m': 'm',
    'unit.szt.': 'szt.',
    'unit.opak.': 'opak.',
    'unit.kpl.': 'kpl.',
  },
  en: {
    home: 'Home',
    breadcrumbs: 'Breadcrumb',
    'categories.title': 'Products',
    'categories.intro':
      'The complete COBI NET structured cabling system: copper and fibre cables, connectivity and rack cabinets, cable trays and installer tools.',
    'categories.all': 'All products',
    'category.allTitle': 'All products',
    'category.searchTitle': 'Search results for “{q}”',
    'category.searchHint': 'Searched in product names, catalogue numbers and descriptions.',
    'category.count': '{n, plural, one {# product} other {# products}}',
    'category.empty': 'No products found matching the selected criteria.',
    'category.filters': 'Subcategories',
    'category.filtersAll': 'Categories',
    'category.filterAll': 'All',
    'category.clearSearch': 'Clear the search',
    'category.products': 'Product list',
    'facets.title': 'Filters',
    'facets.toggle': 'Filters and sorting',
    'facets.selectedCount': '{n} selected',
    'facets.apply': 'Show results',
    'facets.clear': 'Clear',
    'facets.clearFacet': 'Clear the filter: {name}',
    'facets.clearAll': 'Clear all filters',
    'facets.active': 'Selected filters',
    'facets.remove': 'Remove the filter {name}: {value}',
    'sort.label': 'Sort by:',
    'sort.name': 'name',
    'sort.newest': 'newest',
    'product.specs': 'Specifications',
    'product.specName': 'Property',
    'product.specValue': 'Value',
    'product.numbers': 'Catalogue numbers',
    'product.number': 'Catalogue number',
    'product.numberName': 'Name',
    'product.multiple': 'Sales multiple',
    'product.versions': 'Available versions',
    'product.version.Flatpack': 'flat-packed for assembly on site, lower transport cost',
    'product.version.Szafa złożona': 'delivered fully assembled, ready to install',
    'product.versionName.Flatpack': 'Flatpack',
    'product.versionName.Szafa złożona': 'Assembled cabinet',
    'product.description': 'Product description',
    'product.datasheet': 'Datasheet',
    'product.datasheetOpen': 'Datasheet (PDF, opens in a new tab)',
    'product.documents': 'Documents',
    'product.download': 'Download',
    'product.gallery': 'Product images',
    'product.related': 'Related products',
    'product.accessories': 'Accessories',
    'product.noImage': 'Product image coming soon',
    'product.category': 'Category',
    'product.contact': 'Questions about the product? Contact us',
    'doc.declaration_of_conformity': 'Declaration of conformity',
    'doc.declaration_of_performance': 'Declaration of performance',
    'doc.certificate': 'Certificate',
    'doc.cad': 'CAD drawing',
    'doc.revit': 'Revit file',
    'doc.other': 'Other',
    'unit.m': 'm',
    'unit.szt.': 'pcs',
    'unit.opak.': 'packs',
    'unit.kpl.': 'sets',
  },
});

export type CatalogKey = keyof typeof catalogMessages.pl;

/** "305 m", "24 szt." / "24 pcs": a sales multiple with its unit in the page's language. */
export function formatMultiple(multiple: number, unit: string, locale: Locale): string {
  const key = `unit.${unit}` as CatalogKey;
  const label = catalogMessages[locale][key] ?? unit;
  const n = numberFormat(locale, 3).format(multiple);
  return `${n} ${label}`;
}

/** "PDF", "DXF", "RFA" from a file name. */
export function fileKind(filename: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1];
  return ext ? ext.toUpperCase() : '';
}

/** Texts of stock and lead times (issue 39): the product page, listings, cart and quick order, and the stock update's row errors. */
export const stockMessages = defineMessages({
  pl: {
    'stock.heading': 'Dostępność',
    'stock.in_stock': 'W magazynie: {quantity}',
    'stock.next_delivery': 'Najbliższa dostawa: {date}',
    'stock.to_order': 'Na zamówienie',
    'stock.to_order.days': 'Na zamówienie: {n, plural, one {# dzień roboczy} few {# dni robocze} other {# dni roboczych}}',
    'stock.unknown': 'Dostępność: zapytaj',
    'stock.filter': 'Dostępne od ręki',
    'stock.filterHint': 'Tylko produkty, które są w magazynie',
    'stock.filterRemove': 'Usuń filtr: dostępne od ręki',
    'stock.exceeds': 'W magazynie jest tylko {quantity}; resztę dostarczymy później. Zamówienie można złożyć.',
    'stock.exceedsNone': 'Brak w magazynie ({availability}). Zamówienie można złożyć.',
    'stock.v.row': 'Nieprawidłowy wiersz.',
    'stock.v.number': 'Podaj numer katalogowy (maks. 64 znaki).',
    'stock.v.warehouse': 'Podaj kod magazynu (maks. 32 znaki).',
    'stock.v.quantity': 'Ilość musi być liczbą nieujemną.',
    'stock.v.next_delivery_date': 'Data dostawy musi mieć postać RRRR-MM-DD.',
    'stock.v.lead_time_days': 'Czas realizacji musi być liczbą całkowitą dni od 0 do 365.',
    'stock.unknownNumber': 'Nie ma numeru katalogowego {number}.',
    'stock.unknownWarehouse': 'Nie ma magazynu o kodzie {code}.',
  },
  en: {
    'stock.heading': 'Availability',
    'stock.in_stock': 'In stock: {quantity}',
    'stock.next_delivery': 'Next delivery: {date}',
    'stock.to_order': 'To order',
    'stock.to_order.days': 'To order: {n, plural, one {# working day} other {# working days}}',
    'stock.unknown': 'Availability: ask us',
    'stock.filter': 'In stock',
    'stock.filterHint': 'Only products held in a warehouse',
    'stock.filterRemove': 'Remove the filter: in stock',
    'stock.exceeds': 'Only {quantity} in stock; the rest will be delivered later. You can still order.',
    'stock.exceedsNone': 'Not in stock ({availability}). You can still order.',
    'stock.v.row': 'Invalid row.',
    'stock.v.number': 'Give a catalogue number (at most 64 characters).',
    'stock.v.warehouse': 'Give a warehouse code (at most 32 characters).',
    'stock.v.quantity': 'The quantity must be a number of zero or more.',
    'stock.v.next_delivery_date': 'The delivery date must be written YYYY-MM-DD.',
    'stock.v.lead_time_days': 'The lead time must be a whole number of days from 0 to 365.',
    'stock.unknownNumber': 'There is no catalogue number {number}.',
    'stock.unknownWarehouse': 'There is no warehouse with the code {code}.',
  },
});

/** "W magazynie: 120 m", "Najbliższa dostawa: 05.12.2026", "Na zamówienie: 5 dni roboczych": one availability in the page's language. */
export function availabilityText(
  a: {
    state: 'in_stock' | 'next_delivery' | 'to_order' | 'unknown';
    quantity: number;
    unit: string;
    next_delivery_date: string | null;
    lead_time_days: number | null;
  },
  locale: Locale,
  formatDay: (day: string) => string,
): string {
  const t = translator(stockMessages, locale);
  if (a.state === 'in_stock') return t('stock.in_stock', { quantity: formatMultiple(a.quantity, a.unit, locale) });
  if (a.state === 'next_delivery' && a.next_delivery_date) return t('stock.next_delivery', { date: formatDay(a.next_delivery_date) });
  if (a.state === 'to_order') {
    if (a.lead_time_days == null) return t('stock.to_order');
    return t('stock.to_order.days', { n: a.lead_time_days });
  }
  return t('stock.unknown');
}
