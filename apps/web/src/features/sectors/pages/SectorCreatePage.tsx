import { H1 } from '@blueprintjs/core';
import { createSectorSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { sectorsApi } from '../api';
import { SectorForm } from '../components/SectorForm';

interface CreateValues {
  sectorCountry: string;
  sectorDescription: string;
}

/** /administration/sectors/create: country and description; the new sector then opens for mapping its carriers. */
export function SectorCreatePage() {
  usePageTitle('sectors.createTitle');
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const toInput = (v: CreateValues) => ({
    sectorCountry: v.sectorCountry || undefined,
    sectorDescription: v.sectorDescription,
  });
  const form = useZodForm(createSectorSchema, { sectorCountry: '', sectorDescription: '' }, toInput);

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      const sector = await sectorsApi.create(toInput(form.values) as never);
      notify.success({ id: 'sectors.created' });
      navigate(`/administration/sectors/map/${sector.id}`);
    });
  };

  return (
    <div className="depot-page" data-testid="page-sector-create">
      <H1>
        <FormattedMessage id="sectors.createTitle" />
      </H1>
      <SectorForm
        form={form}
        fields={{
          country: form.values.sectorCountry,
          description: form.values.sectorDescription,
          onCountry: (v) => form.set('sectorCountry', v),
          onDescription: (v) => form.set('sectorDescription', v),
          countryError: form.error('sectorCountry'),
          descriptionError: form.error('sectorDescription'),
        }}
        failure={form.failure ? text(form.failure) : null}
        busy={form.busy}
        onSubmit={() => void submit()}
      />
    </div>
  );
}
