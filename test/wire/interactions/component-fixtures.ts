/** A row of components and a two-option string select, as the component tests of interactions send them. */
export const row = (...components: object[]) => ({ type: 1, components });

export const fruit = {
  type: 3,
  custom_id: 'fruit',
  placeholder: 'Fruit',
  options: [
    { label: 'Apple', value: 'a' },
    { label: 'Pear', value: 'p' },
  ],
};
