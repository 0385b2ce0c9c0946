import { WORK_AUTHORIZATION_OPTIONS, type WorkAuthorization } from '@app/shared';
import { RadioCards } from './RadioCards';

type Props = {
  value: WorkAuthorization | '';
  onChange: (value: WorkAuthorization) => void;
  legend?: string;
};

/** The work authorization choice (docs/product/rules.md) as a labelled radio group. */
export function WorkAuthorizationField({ value, onChange, legend = 'Work authorization status' }: Props) {
  return (
    <RadioCards
      legend={
        <>
          {legend}
          <span className="text-red-600"> *</span>
        </>
      }
      name="work_authorization"
      options={WORK_AUTHORIZATION_OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}
