import type { CountryCode } from '@depot/contracts';

/** A place a demo parcel is delivered to: a real city with a plausible postal code and street. */
export interface DemoPlace {
  city: string;
  zipCode: string;
  street: string;
}

/** Per supported country: its currency (for COD), phone prefix and a few places. */
export interface DemoCountry {
  currency: string;
  phone: string;
  places: DemoPlace[];
}

const p = (city: string, zipCode: string, street: string): DemoPlace => ({ city, zipCode, street });

/** Every supported country (libs/contracts SUPPORTED_COUNTRIES), so the demo list has parcels to each. */
export const DEMO_COUNTRIES: Record<CountryCode, DemoCountry> = {
  PL: {
    currency: 'PLN',
    phone: '+48',
    places: [
      p('Warszawa', '00-950', 'Marszałkowska'),
      p('Kraków', '31-042', 'Grodzka'),
      p('Gdańsk', '80-831', 'Długa'),
      p('Wrocław', '50-116', 'Ruska'),
      p('Poznań', '61-772', 'Święty Marcin'),
      p('Łódź', '90-418', 'Piotrkowska'),
      p('Szczecin', '70-419', 'Wojska Polskiego'),
      p('Lublin', '20-111', 'Krakowskie Przedmieście'),
      p('Białystok', '15-426', 'Lipowa'),
      p('Rzeszów', '35-064', '3 Maja'),
      p('Zielona Góra', '65-066', 'Żeromskiego'),
      p('Katowice', '40-098', 'Mariacka'),
    ],
  },
  DE: {
    currency: 'EUR',
    phone: '+49',
    places: [
      p('Berlin', '10117', 'Friedrichstraße'),
      p('München', '80331', 'Kaufingerstraße'),
      p('Hamburg', '20095', 'Mönckebergstraße'),
      p('Köln', '50667', 'Hohe Straße'),
      p('Leipzig', '04109', 'Grimmaische Straße'),
    ],
  },
  NL: {
    currency: 'EUR',
    phone: '+31',
    places: [p('Amsterdam', '1012 JS', 'Damrak'), p('Utrecht', '3511 LX', 'Oudegracht')],
  },
  BE: {
    currency: 'EUR',
    phone: '+32',
    places: [p('Bruxelles', '1000', 'Rue Neuve'), p('Antwerpen', '2000', 'Meir')],
  },
  FR: {
    currency: 'EUR',
    phone: '+33',
    places: [p('Paris', '75001', 'Rue de Rivoli'), p('Lyon', '69002', 'Rue de la République')],
  },
  AT: {
    currency: 'EUR',
    phone: '+43',
    places: [p('Wien', '1010', 'Kärntner Straße'), p('Graz', '8010', 'Herrengasse')],
  },
  CZ: {
    currency: 'CZK',
    phone: '+420',
    places: [
      p('Praha', '110 00', 'Na Příkopě'),
      p('Brno', '602 00', 'Masarykova'),
      p('Ostrava', '702 00', 'Nádražní'),
    ],
  },
  SK: {
    currency: 'EUR',
    phone: '+421',
    places: [p('Bratislava', '811 01', 'Obchodná'), p('Košice', '040 01', 'Hlavná')],
  },
  SI: {
    currency: 'EUR',
    phone: '+386',
    places: [p('Ljubljana', '1000', 'Čopova ulica'), p('Maribor', '2000', 'Gosposka ulica')],
  },
  IT: {
    currency: 'EUR',
    phone: '+39',
    places: [p('Milano', '20121', 'Via Dante'), p('Roma', '00187', 'Via del Corso')],
  },
  DK: {
    currency: 'DKK',
    phone: '+45',
    places: [p('København', '1160', 'Strøget'), p('Aarhus', '8000', 'Søndergade')],
  },
  HU: {
    currency: 'HUF',
    phone: '+36',
    places: [p('Budapest', '1052', 'Váci utca'), p('Debrecen', '4024', 'Piac utca')],
  },
  LU: { currency: 'EUR', phone: '+352', places: [p('Luxembourg', '1140', "Route d'Arlon")] },
  HR: {
    currency: 'EUR',
    phone: '+385',
    places: [p('Zagreb', '10000', 'Ilica'), p('Split', '21000', 'Marmontova')],
  },
  SE: {
    currency: 'SEK',
    phone: '+46',
    places: [
      p('Stockholm', '111 57', 'Drottninggatan'),
      p('Göteborg', '411 04', 'Kungsgatan'),
      p('Malmö', '211 22', 'Södergatan'),
    ],
  },
  FI: {
    currency: 'EUR',
    phone: '+358',
    places: [p('Helsinki', '00100', 'Aleksanterinkatu'), p('Tampere', '33100', 'Hämeenkatu')],
  },
  ES: {
    currency: 'EUR',
    phone: '+34',
    places: [p('Madrid', '28013', 'Gran Vía'), p('Barcelona', '08002', 'La Rambla')],
  },
  PT: {
    currency: 'EUR',
    phone: '+351',
    places: [p('Lisboa', '1100-053', 'Rua Augusta'), p('Porto', '4000-322', 'Rua de Santa Catarina')],
  },
  BG: {
    currency: 'BGN',
    phone: '+359',
    places: [p('Sofia', '1000', 'Vitosha'), p('Plovdiv', '4000', 'Knyaz Aleksandar I')],
  },
  RO: {
    currency: 'RON',
    phone: '+40',
    places: [
      p('București', '030167', 'Calea Victoriei'),
      p('Cluj-Napoca', '400114', 'Strada Memorandumului'),
    ],
  },
  GR: {
    currency: 'EUR',
    phone: '+30',
    places: [p('Athina', '105 63', 'Ermou'), p('Thessaloniki', '546 24', 'Tsimiski')],
  },
  LT: {
    currency: 'EUR',
    phone: '+370',
    places: [p('Vilnius', '01108', 'Gedimino prospektas'), p('Kaunas', '44280', 'Laisvės alėja')],
  },
  LV: { currency: 'EUR', phone: '+371', places: [p('Rīga', 'LV-1050', 'Brīvības iela')] },
  EE: {
    currency: 'EUR',
    phone: '+372',
    places: [p('Tallinn', '10146', 'Viru'), p('Tartu', '51003', 'Rüütli')],
  },
  IE: {
    currency: 'EUR',
    phone: '+353',
    places: [p('Dublin', 'D02 X285', 'Grafton Street'), p('Cork', 'T12 T997', 'Patrick Street')],
  },
  CY: { currency: 'EUR', phone: '+357', places: [p('Lefkosia', '1011', 'Ledras')] },
  MT: { currency: 'EUR', phone: '+356', places: [p('Valletta', 'VLT 1117', 'Republic Street')] },
  GB: {
    currency: 'GBP',
    phone: '+44',
    places: [p('London', 'W1D 1AN', 'Oxford Street'), p('Manchester', 'M1 1AD', 'Market Street')],
  },
  RU: { currency: 'RUB', phone: '+7', places: [p('Kaliningrad', '236022', 'Leninsky Prospekt')] },
};

/** Recipients' names: Polish ones for Poland, international ones elsewhere. */
export const POLISH_FIRST_NAMES = [
  'Anna',
  'Piotr',
  'Katarzyna',
  'Tomasz',
  'Małgorzata',
  'Paweł',
  'Agnieszka',
  'Łukasz',
  'Zofia',
  'Michał',
  'Ewa',
  'Grzegorz',
];
export const POLISH_LAST_NAMES = [
  'Nowak',
  'Wiśniewska',
  'Wójcik',
  'Kowalczyk',
  'Kamińska',
  'Lewandowski',
  'Zieliński',
  'Szymańska',
  'Woźniak',
  'Dąbrowski',
  'Kozłowska',
  'Jankowski',
];
export const OTHER_FIRST_NAMES = [
  'Lukas',
  'Emma',
  'Jan',
  'Sofia',
  'Matteo',
  'Léa',
  'Noah',
  'Mia',
  'Erik',
  'Ana',
  'Jakub',
  'Elena',
];
export const OTHER_LAST_NAMES = [
  'Müller',
  'Novák',
  'Jansen',
  'Rossi',
  'Dubois',
  'García',
  'Nielsen',
  'Svensson',
  'Horváth',
  'Murphy',
  'Silva',
  'Petrov',
];

/** What demo parcels contain: Polish words for Polish senders, English for the others. */
export const CONTENTS_PL = [
  'Odzież',
  'Książki',
  'Części samochodowe',
  'Elektronika',
  'Kosmetyki',
  'Zabawki',
  'Artykuły sportowe',
  'Obuwie',
];
export const CONTENTS_EN = [
  'Clothing',
  'Books',
  'Car parts',
  'Electronics',
  'Cosmetics',
  'Toys',
  'Sports goods',
  'Shoes',
];

/** Occasional notes people leave on parcels. */
export const NOTES = [
  'Zadzwonić przed doręczeniem',
  'Ostrożnie — szkło',
  'Dostawa po 16:00',
  'Nie rzucać',
  'Call before delivery',
];
