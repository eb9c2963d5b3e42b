import type { CountryCode } from '@depot/contracts';

/** A demo sector: its country, description and the demo carriers (by name) mapped to it. */
export interface DemoSector {
  sectorCountry: CountryCode;
  sectorDescription: string;
  operators: string[];
}

/**
 * Sectors of the Zielona Góra warehouse floor for the demo carriers and the countries the default matrix sends them
 * to (decision 0124): each carrier is in at most one sector of a country, so every routed demo parcel to these
 * countries has exactly one sector; parcels to the other countries show "Brak sektora".
 */
export const DEMO_SECTORS: DemoSector[] = [
  { sectorCountry: 'PL', sectorDescription: 'A1 Polska – paczkomaty', operators: ['InPost Paczkomaty'] },
  { sectorCountry: 'PL', sectorDescription: 'A2 Polska – kurier', operators: ['DPD Polska'] },
  { sectorCountry: 'DE', sectorDescription: 'B1 Niemcy', operators: ['DPD Polska', 'UPS Europe'] },
  { sectorCountry: 'AT', sectorDescription: 'B2 Austria', operators: ['DPD Polska', 'UPS Europe'] },
  { sectorCountry: 'CZ', sectorDescription: 'C1 Czechy – Packeta', operators: ['Packeta'] },
  { sectorCountry: 'CZ', sectorDescription: 'C2 Czechy – kurier', operators: ['DPD Polska', 'UPS Europe'] },
  { sectorCountry: 'SK', sectorDescription: 'C3 Słowacja', operators: ['Packeta', 'DPD Polska'] },
  { sectorCountry: 'HU', sectorDescription: 'C4 Węgry', operators: ['Packeta', 'DPD Polska'] },
  { sectorCountry: 'RO', sectorDescription: 'C5 Rumunia', operators: ['Packeta', 'DPD Polska'] },
  { sectorCountry: 'FR', sectorDescription: 'D1 Francja', operators: ['DPD Polska', 'UPS Europe'] },
  { sectorCountry: 'NL', sectorDescription: 'D2 Benelux – Holandia', operators: ['DPD Polska'] },
  { sectorCountry: 'BE', sectorDescription: 'D3 Benelux – Belgia', operators: ['DPD Polska'] },
  { sectorCountry: 'GB', sectorDescription: 'E1 Wielka Brytania', operators: ['UPS Europe'] },
  // A sector not yet served by any carrier (the list's empty carriers column).
  { sectorCountry: 'IT', sectorDescription: 'E2 Włochy (nowy)', operators: [] },
];
