import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { HistoryPanel } from './history-panel';

type Props = {
  entity: string;
  title: string;
  /** Names for the stores the events mention; 'Store 3' otherwise. */
  storeNames?: ReadonlyMap<number, string>;
  onClose: () => void;
};

/** A row's 'History' action (a store, a person, a code): the entity's story in a sheet. Lazy-loaded by the row. */
export default function HistorySheet({ entity, title, storeNames, onClose }: Props) {
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="w-full gap-0 overflow-y-auto sm:max-w-xl">
        <SheetHeader className="border-b pr-10">
          <SheetTitle className="break-words text-lg">History of {title}</SheetTitle>
          <SheetDescription>Every change recorded, oldest first.</SheetDescription>
        </SheetHeader>
        <div className="p-4">
          <HistoryPanel entity={entity} storeNames={storeNames} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
