// One dialog at a time (issue 25): the conflicts and the question before leaving replace the form in place.
export type View = 'form' | 'conflicts' | 'progress' | 'leaving';
export const titles: Record<View, string> = {
  form: 'Add Codes',
  conflicts: 'Code Conflicts Detected',
  progress: 'Add Codes',
  leaving: 'Codes Not Created',
};
export const descriptions: Record<View, string> = {
  form: 'Codes separated by commas. They are checked in every chosen store before anything is created.',
  conflicts: 'Where each taken code is used, and what can still be added.',
  progress: 'Each store shows when the codes work there.',
  leaving: 'The codes are available but have not been created yet.',
};
