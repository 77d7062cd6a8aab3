import {
  LICENCE_TYPES,
  type LicenceType,
  type PilotInfoOutput,
  RATINGS,
  type Rating,
} from '../../../../contracts/schemas/people.ts';

export const MEDICAL_CLASSES = ['class1', 'class2', 'lapl'] as const;

export interface LicenceRow {
  type: LicenceType | '';
  number: string;
  issued_at: string;
  valid_until: string;
}

interface RatingRow {
  exam_date: string;
  valid_until: string;
}

/** The pilot-data form (profile/pilot-info-edit and pilot-info/{id}) as the inputs hold it: text, '' for empty. */
export interface PilotInfoValues {
  licences: LicenceRow[];
  medical_licence_number: string;
  medical_class: string;
  medical_valid_until: string;
  fai_id: string;
  fai_level: string;
  mrlsz_id: string;
  ratings: Record<Rating, RatingRow>;
}

export const ID_FIELDS = ['fai_id', 'fai_level', 'mrlsz_id'] as const;

export const emptyLicence = (): LicenceRow => ({ type: '', number: '', issued_at: '', valid_until: '' });

export const toPilotInfoValues = (info: PilotInfoOutput): PilotInfoValues => ({
  licences: info.licences.map((licence) => ({
    type: licence.type,
    number: licence.number,
    issued_at: licence.issued_at ?? '',
    valid_until: licence.valid_until ?? '',
  })),
  medical_licence_number: info.medical_licence_number ?? '',
  medical_class: info.medical_class ?? '',
  medical_valid_until: info.medical_valid_until ?? '',
  fai_id: info.fai_id ?? '',
  fai_level: info.fai_level ?? '',
  mrlsz_id: info.mrlsz_id ?? '',
  ratings: Object.fromEntries(
    RATINGS.map((rating) => [
      rating,
      {
        exam_date: info.ratings[rating]?.exam_date ?? '',
        valid_until: info.ratings[rating]?.valid_until ?? '',
      },
    ]),
  ) as Record<Rating, RatingRow>,
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The PATCH body before validation (`pilotInfoInput` checks it here and in the Lambda). A rating
 * is held when it has a date; rows with no dates are left out.
 */
export const toPilotInfoInput = (values: PilotInfoValues, version: number) => ({
  licences: values.licences.map((licence) => ({
    type: licence.type as LicenceType,
    number: licence.number,
    issued_at: orNull(licence.issued_at),
    valid_until: orNull(licence.valid_until),
  })),
  medical_licence_number: orNull(values.medical_licence_number),
  medical_class: (MEDICAL_CLASSES as readonly string[]).includes(values.medical_class)
    ? (values.medical_class as (typeof MEDICAL_CLASSES)[number])
    : null,
  medical_valid_until: orNull(values.medical_valid_until),
  fai_id: orNull(values.fai_id),
  fai_level: orNull(values.fai_level),
  mrlsz_id: orNull(values.mrlsz_id),
  ratings: Object.fromEntries(
    RATINGS.filter((rating) => values.ratings[rating].exam_date || values.ratings[rating].valid_until).map(
      (rating) => [
        rating,
        {
          exam_date: orNull(values.ratings[rating].exam_date),
          valid_until: orNull(values.ratings[rating].valid_until),
        },
      ],
    ),
  ),
  version,
});

export { LICENCE_TYPES, RATINGS };
