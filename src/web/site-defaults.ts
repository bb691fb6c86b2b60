export const DEFAULT_BRAND = 'Touchline';
export const DEFAULT_CREDIT = 'Built with love by the AI Department of Media24';
