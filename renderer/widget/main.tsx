import { createRoot } from 'react-dom/client';
import { readBoot } from './boot.js';
import { ConfirmSides } from './confirm-sides.js';
import { STRINGS } from './strings.js';
import './widget.css';

const boot = readBoot();
document.title = STRINGS[boot.lang].title;
createRoot(document.getElementById('root') as HTMLElement).render(<ConfirmSides boot={boot} />);
