/** The mock's port unless told otherwise; its own module, so the CLI can name it before Prism loads. */
export const DEFAULT_PORT = 4010;
