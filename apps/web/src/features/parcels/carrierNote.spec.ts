import { CATALOGUE } from '@depot/contracts';
import { carrierNoteMessage } from './carrierNote';

const { en, pl } = CATALOGUE;

describe('carrierNoteMessage', () => {
  it('turns the carrier codes into message ids that exist in both languages, reason kept', () => {
    for (const note of [
      'carrier.canceled',
      'carrier.notAsked',
      'carrier.refused:x',
      'carrier.unavailable:y',
    ]) {
      const m = carrierNoteMessage(note)!;
      expect(m.id in en && m.id in pl).toBe(true);
    }
    expect(carrierNoteMessage('carrier.refused:190117 Past void time: late')).toEqual({
      id: 'parcels.carrierNote.refused',
      values: { reason: '190117 Past void time: late' },
    });
  });

  it('leaves staff notes and empty notes alone', () => {
    expect(carrierNoteMessage('Customer called: keep it')).toBeNull();
    expect(carrierNoteMessage(null)).toBeNull();
  });
});
