import { refusingDuplicates } from './duplicates';
import { ValidationError } from './errors';

const duplicateName = () => ValidationError.field('name', 'category with this name already exists.');
const failing = (error: unknown) => async () => {
  throw error;
};

describe('refusingDuplicates', () => {
  it("answers the write's result when it succeeds", async () => {
    await expect(refusingDuplicates(duplicateName, async () => 7)).resolves.toBe(7);
  });

  it.each([['23505'], ['SQLITE_CONSTRAINT_UNIQUE']])(
    'turns a unique violation (%s) into the field error of the pre-check',
    async (code) => {
      const refusal = refusingDuplicates(
        duplicateName,
        failing(Object.assign(new Error('unique'), { code })),
      );
      await expect(refusal).rejects.toBeInstanceOf(ValidationError);
      await expect(refusal).rejects.toMatchObject({
        fields: { name: ['category with this name already exists.'] },
      });
    },
  );

  it('lets any other failure through as it is', async () => {
    const other = Object.assign(new Error('foreign key'), { code: '23503' });
    await expect(refusingDuplicates(duplicateName, failing(other))).rejects.toBe(other);
  });
});
