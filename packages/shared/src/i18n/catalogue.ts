/** Widens a catalogue literal to the same shape with string leaves. */
export type CatalogueShape<T> = { [K in keyof T]: T[K] extends string ? string : CatalogueShape<T[K]> };
