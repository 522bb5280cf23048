import { useState, type DragEvent } from 'react';
import type { FilesModel } from '../model/FilesModel.js';
import { canDrop, copyWanted, droppedOf } from './dragData.js';

/** Props that make an element a drop target for a folder: items dropped move there (Ctrl: copy), files from the computer upload there. */
export interface DropTargetProps {
  onDragEnter(event: DragEvent): void;
  onDragOver(event: DragEvent): void;
  onDragLeave(event: DragEvent): void;
  onDrop(event: DragEvent): void;
  'data-drop-active'?: true;
}

export function useDropTarget(model: FilesModel, folder: string | null): DropTargetProps {
  const [active, setActive] = useState(false);
  const accept = (event: DragEvent): boolean => {
    if (folder === null || !canDrop(event.dataTransfer)) return false;
    event.preventDefault();
    event.stopPropagation();
    const files = [...event.dataTransfer.types].includes('Files');
    event.dataTransfer.dropEffect = files || copyWanted(event) ? 'copy' : 'move';
    return true;
  };
  return {
    onDragEnter: (event) => void (accept(event) && setActive(true)),
    onDragOver: (event) => void (accept(event) && !active && setActive(true)),
    onDragLeave: (event) => {
      if (!(event.currentTarget as Element).contains(event.relatedTarget as Node | null)) setActive(false);
    },
    onDrop: (event) => {
      setActive(false);
      if (folder === null || !canDrop(event.dataTransfer)) return;
      event.preventDefault();
      event.stopPropagation();
      const dropped = droppedOf(event.dataTransfer);
      if (dropped?.kind === 'items') void model.transfer(dropped.paths, folder, copyWanted(event));
      else if (dropped?.kind === 'files') model.upload(dropped.files, folder);
    },
    ...(active ? { 'data-drop-active': true as const } : {}),
  };
}
