/**
 * What other domains may ask of the operations domain (docs/ARCHITECTURE.md "Domains own their
 * data"): nothing yet — reservations are read through the operations routes only.
 */
export {};
