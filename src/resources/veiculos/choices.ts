import { VEHICLE_CATEGORIES } from '../../../domain/constants';

/** Stored in English (SPEC section 3), shown in Portuguese. */
export const categoryChoices = VEHICLE_CATEGORIES.map((id) => ({ id, name: `app.veiculos.categories.${id}` }));
