import type { MatrixView } from '@depot/contracts';
import { createMatrixSchema } from '@depot/contracts';
import { matrixToForm, moveRow, toCreateRequest, toUpdateRequest } from './matrixFormValues';

const matrix: MatrixView = {
  id: 'm1',
  name: 'Main',
  isDefault: false,
  conditionCount: 2,
  operatorNames: ['DPD'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  conditions: [
    {
      id: 'c1',
      position: 1,
      pickupCountry: 'PL',
      destinationCountry: null,
      maxWeightKg: 31.5,
      operatorId: '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d',
      operatorName: 'DPD',
      operatorActive: true,
    },
  ],
};

describe('matrix form values', () => {
  it('round-trips a matrix: "any" is the empty choice, weights are text', () => {
    const form = matrixToForm(matrix);
    expect(form.conditions[0]).toMatchObject({
      pickupCountry: 'PL',
      destinationCountry: '',
      maxWeightKg: '31.5',
    });
    const body = toCreateRequest(form);
    expect(body.conditions?.[0]).toEqual({
      pickupCountry: 'PL',
      destinationCountry: null,
      maxWeightKg: '31.5',
      operatorId: matrix.conditions[0].operatorId,
    });
    expect(createMatrixSchema.parse(body).conditions[0].maxWeightKg).toBe(31.5);
  });

  it('sends the default flag on an edit only when it is turned on', () => {
    expect(toUpdateRequest(matrixToForm(matrix), matrix)).not.toHaveProperty('isDefault');
    expect(toUpdateRequest({ ...matrixToForm(matrix), isDefault: true }, matrix)).toMatchObject({
      isDefault: true,
    });
    const isDefault = { ...matrix, isDefault: true };
    expect(toUpdateRequest(matrixToForm(isDefault), isDefault)).not.toHaveProperty('isDefault');
  });

  it('moves rows up and down, not past the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
