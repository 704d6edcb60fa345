export { CodesToolbarActions, type CodesToolbarActionsProps } from './components/codes-toolbar-actions';
