import { signInSchema } from './schemas';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;

/** Messages the schema reports, per field path. */
function messages(input: unknown): Record<string, string[]> {
  const result = signInSchema.safeParse(input);
  if (result.success) throw new Error(`expected the input to be refused: ${JSON.stringify(input)}`);
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('signInSchema', () => {
  it('accepts an e-mail and password, trimming and lower-casing the e-mail', () => {
    expect(signInSchema.parse({ email: '  Anna.Nowak@Depot.TEST\n', password: 'secret' })).toEqual({
      email: 'anna.nowak@depot.test',
      password: 'secret',
    });
  });

  it('does not apply the new-password length rule when signing in', () => {
    expect(signInSchema.parse({ email: 'a@b.pl', password: 'x' }).password).toBe('x');
  });

  it('reports both fields when the body is empty', () => {
    expect(messages({})).toEqual({ email: [v.emailRequired], password: [v.passwordRequired] });
  });

  const CASES: [field: 'email' | 'password', label: string, value: unknown, message: string][] = [
    ['email', 'missing', undefined, 'Email is required'],
    ['email', 'blank', '   ', 'Email is required'],
    ['email', 'empty', '', 'Email is required'],
    ['email', 'a number', 42, 'Email is required'],
    ['email', 'null', null, 'Email is required'],
    ['email', 'an array', ['a@b.pl'], 'Email is required'],
    ['email', 'not an address', 'anna', 'Must be a valid email'],
    ['email', 'two @', 'a@@b.pl', 'Must be a valid email'],
    ['password', 'missing', undefined, 'Password is required'],
    ['password', 'blank', '  ', 'Password is required'],
    ['password', 'a number', 123, 'Password is required'],
    ['password', 'an object', { value: 'x' }, 'Password is required'],
  ];

  it.each(CASES)('%s %s → %j', (field, _label, value, message) => {
    const input: Record<string, unknown> = { email: 'anna@depot.test', password: 'secret' };
    if (value === undefined) delete input[field];
    else input[field] = value;
    expect(messages(input)).toEqual({ [field]: [message] });
  });

  it('uses the MESSAGES.validation wording', () => {
    expect([v.emailRequired, v.emailInvalid, v.passwordRequired]).toEqual([
      'Email is required',
      'Must be a valid email',
      'Password is required',
    ]);
  });

  it('drops unknown keys instead of passing them on', () => {
    expect(signInSchema.parse({ email: 'a@b.pl', password: 'p', role: 'superAdmin' })).toEqual({
      email: 'a@b.pl',
      password: 'p',
    });
  });

  it('refuses a non-object body', () => {
    expect(signInSchema.safeParse('a@b.pl:secret').success).toBe(false);
    expect(signInSchema.safeParse(null).success).toBe(false);
  });
});
