// The lazy page module of `/playbooks/new` and `/playbooks/:id` (the YAML editor loads with it).
export { PlaybookEditorPage as Component } from '../EditorPage/PlaybookEditorPage.tsx';
