import { z } from 'zod';
import { zodToOpenApi } from './openapi';

describe('zodToOpenApi', () => {
  const parcel = z
    .object({
      reference: z.string().min(1),
      weightKg: z.string().nullable(),
      packages: z.number().int().default(1),
      when: z.string().transform((s) => new Date(s)),
    })
    .meta({ examples: [{ reference: 'SHOP-1', weightKg: '1.500' }], description: 'A parcel' });

  it('gives an OpenAPI 3.0 schema: nullable instead of type arrays', () => {
    const { schema } = zodToOpenApi(parcel, 'input');
    expect(schema).toMatchObject({
      type: 'object',
      description: 'A parcel',
      properties: {
        reference: { type: 'string', minLength: 1 },
        weightKg: { type: 'string', nullable: true },
      },
    });
    expect(JSON.stringify(schema)).not.toContain('"type":["');
  });

  it('takes the first example out of the schema', () => {
    const doc = zodToOpenApi(parcel, 'input');
    expect(doc.example).toEqual({ reference: 'SHOP-1', weightKg: '1.500' });
    expect(doc.schema).not.toHaveProperty('examples');
  });

  it('input: fields with defaults are optional; output: they are always there', () => {
    expect(zodToOpenApi(parcel, 'input').schema.required).not.toContain('packages');
    const out = z.object({ packages: z.number().default(1) });
    expect(zodToOpenApi(out, 'output').schema.required).toContain('packages');
  });

  it('a transform that JSON Schema cannot express does not break the document', () => {
    expect(() => zodToOpenApi(parcel, 'output')).not.toThrow();
  });

  it('no examples: no example', () => {
    expect(zodToOpenApi(z.object({ a: z.string() }), 'input').example).toBeUndefined();
  });
});
