/** The engine's version (spec 9: algorithm_version, aggregate_version, engine_version). */
export const ENGINE_VERSION = '0.6.0';
/** Event data version of the results this engine writes (spec 2.8). */
export const DATA_VERSION = 4;
