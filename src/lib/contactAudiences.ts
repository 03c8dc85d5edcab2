// Who a home-page contact lead is for. Kept apart from the zod schema so the
// admin can name the choices without loading the validation library.
export const whoIsThisForOptions = [
  { value: 'school-student', label: 'A School Student (Class 8-12)' },
  { value: 'college', label: 'College Graduates' },
  { value: 'working-professional', label: 'Working Professionals' },
] as const;
