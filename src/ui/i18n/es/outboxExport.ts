import type { Catalog } from '../en';

export const outboxExport: Catalog['outboxExport'] = {
  button: 'Exportar para soporte',
  hint: 'Guarda lo que hay en esta lista como un archivo que soporte puede reproducir. No lleva datos de tarjeta.',
  saved: 'Guardado {{filename}}',
};
