/**
 * What picking a type on the aircraft form fills in (issue 13 §9): manufacturer, model and seats of
 * the common club types, by the type list's code (the ICAO designator where there is one). The type
 * list itself (type-list/planeTypes) stays the place to name and switch types; a code not here fills
 * nothing.
 */
export type TypeFacts = { manufacturer: string; model: string; seats: number };

const CATALOGUE: Record<string, TypeFacts> = {
  AS21: { manufacturer: 'Alexander Schleicher', model: 'ASK 21', seats: 2 },
  AS13: { manufacturer: 'Alexander Schleicher', model: 'ASK 13', seats: 2 },
  KA8: { manufacturer: 'Alexander Schleicher', model: 'Ka 8', seats: 1 },
  LS4: { manufacturer: 'Rolladen-Schneider', model: 'LS 4', seats: 1 },
  ASTR: { manufacturer: 'Grob', model: 'G 102 Astir CS', seats: 1 },
  DISC: { manufacturer: 'Schempp-Hirth', model: 'Discus', seats: 1 },
  DUOD: { manufacturer: 'Schempp-Hirth', model: 'Duo Discus', seats: 2 },
  JANU: { manufacturer: 'Schempp-Hirth', model: 'Janus', seats: 2 },
  DG1T: { manufacturer: 'DG Flugzeugbau', model: 'DG-1000', seats: 2 },
  PUCH: { manufacturer: 'SZD', model: 'SZD-50-3 Puchacz', seats: 2 },
  JUNI: { manufacturer: 'SZD', model: 'SZD-51-1 Junior', seats: 1 },
  PIRA: { manufacturer: 'SZD', model: 'SZD-30 Pirat', seats: 1 },
  C152: { manufacturer: 'Cessna', model: '152', seats: 2 },
  C172: { manufacturer: 'Cessna', model: '172 Skyhawk', seats: 4 },
  PA18: { manufacturer: 'Piper', model: 'PA-18 Super Cub', seats: 2 },
  PA25: { manufacturer: 'Piper', model: 'PA-25 Pawnee', seats: 1 },
  Z26: { manufacturer: 'Zlin', model: 'Z-226 Trenér', seats: 2 },
  AQUI: { manufacturer: 'Aquila', model: 'A210', seats: 2 },
  WT9: { manufacturer: 'Aerospool', model: 'WT9 Dynamic', seats: 2 },
  P202: { manufacturer: 'Tecnam', model: 'P2002 Sierra', seats: 2 },
  SF25: { manufacturer: 'Scheibe', model: 'SF 25 Falke', seats: 2 },
  HK36: { manufacturer: 'Diamond', model: 'HK36 Super Dimona', seats: 2 },
};

/** The facts of a type code (case and spaces as typed do not matter), or undefined. */
export const typeFacts = (code: string): TypeFacts | undefined => CATALOGUE[code.trim().toUpperCase()];

type Fillable = { manufacturer: string; model: string; seats: string };

/**
 * What a picked type changes: `fill` sets the empty fields, `ask` lists the fields the user already
 * typed something else into (they change only after the user agrees).
 */
export function typeFill(
  values: Fillable,
  facts: TypeFacts,
): { fill: Partial<Fillable>; ask: Partial<Fillable> } {
  const wanted: Fillable = {
    manufacturer: facts.manufacturer,
    model: facts.model,
    seats: String(facts.seats),
  };
  const fill: Partial<Fillable> = {};
  const ask: Partial<Fillable> = {};
  for (const key of Object.keys(wanted) as (keyof Fillable)[]) {
    const current = values[key].trim();
    if (current === '') fill[key] = wanted[key];
    else if (current !== wanted[key]) ask[key] = wanted[key];
  }
  return { fill, ask };
}
